/// <reference types="office-js" />

/** An Office call that answered Failed: its code (e.g. 12006, 9041) and Office's own message. */
export class OfficeCallError extends Error {
  constructor(
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'OfficeCallError';
  }
}

/**
 * Runs one callback-style Office call as a promise: the value on Succeeded, an
 * OfficeCallError on Failed. A call that throws before calling back rejects too.
 */
export function officeCall<T>(
  failed: Office.AsyncResultStatus,
  invoke: (callback: (result: Office.AsyncResult<T>) => void) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    try {
      invoke((result) => {
        if (result.status === failed) {
          const code = typeof result.error?.code === 'number' ? result.error.code : null;
          reject(new OfficeCallError(code, result.error?.message || 'Outlook could not do this.'));
        } else {
          resolve(result.value);
        }
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
