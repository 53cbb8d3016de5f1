import { ERROR_REPORTING } from '@vocal/settings-model';

/** The text of anything that can be thrown or rejected with. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

/**
 * Errors that are noise rather than failures (spec section 8): "ResizeObserver loop completed
 * with undelivered notifications" and "Unable to preload CSS" are neither shown nor reported.
 */
export function isIgnoredError(error: unknown): boolean {
  const message = errorMessage(error);
  return ERROR_REPORTING.ignoredErrors.some((ignored) => message.includes(ignored));
}
