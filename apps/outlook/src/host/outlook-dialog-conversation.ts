import {
  encodeDialogMessage,
  parseDialogToParentMessage,
  type DialogToParentMessage,
  type ParentToDialogMessage,
} from '../protocol/dialog-messages.ts';
import { OfficeCallError, officeCall } from './outlook-async.ts';
import type { OutlookDialog, OutlookOffice } from './outlook-office.ts';

/** Office's codes for a dialog (office-js docs, "Handle errors and events in the Office dialog box"). */
export const DIALOG_CODES = {
  pageNotFound: 12002,
  httpsRequired: 12003,
  domainNotTrusted: 12004,
  httpsRequiredToOpen: 12005,
  closedByUser: 12006,
  alreadyOpen: 12007,
  ignoredByUser: 12009,
} as const;

const DIALOG_FAILURES: Record<number, string> = {
  [DIALOG_CODES.pageNotFound]: 'The window could not load its page.',
  [DIALOG_CODES.httpsRequired]: 'The window was sent to a page that is not secure (HTTPS is required).',
  [DIALOG_CODES.domainNotTrusted]: 'Outlook does not trust the address of the window (it must be the add-in’s own).',
  [DIALOG_CODES.httpsRequiredToOpen]: 'Outlook opens windows only over HTTPS.',
  [DIALOG_CODES.alreadyOpen]: 'A Vocal window is already open. Finish or close it first.',
};

/** Opening or running a dialog failed for a reason the person should hear about. */
export class DialogFailedError extends OfficeCallError {
  override name = 'DialogFailedError';
}

export type DialogControls<T> = {
  /** Answers the dialog (DialogApi 1.2); false where the client cannot. */
  reply(message: ParentToDialogMessage): boolean;
  /** Closes the dialog and settles the conversation with this value. */
  finish(value: T | null): void;
};

export type DialogConversationOptions<T> = {
  /** Our own origin: messages that name another origin (DialogOrigin 1.1) are ignored. */
  origin: string;
  /** Size in percent of the screen. */
  size: { width: number; height: number };
  /** Called for each well-formed message; anything malformed never reaches it. */
  onMessage(message: DialogToParentMessage, controls: DialogControls<T>): void;
};

/**
 * Opens `url` in an Office dialog and runs one conversation with it. Resolves with what
 * `finish` was given, or null when the person closed the window (12006) or declined to open
 * it (12009). Rejects with DialogFailedError when the window could not be opened or loaded.
 */
export async function converseWithDialog<T>(office: OutlookOffice, url: string, options: DialogConversationOptions<T>): Promise<T | null> {
  let dialog: OutlookDialog;
  try {
    dialog = await officeCall<OutlookDialog>(office.AsyncResultStatus.Failed, (callback) =>
      office.context.ui.displayDialogAsync(
        url,
        { width: options.size.width, height: options.size.height, displayInIframe: false },
        callback,
      ),
    );
  } catch (error) {
    const code = error instanceof OfficeCallError ? error.code : null;
    if (code === DIALOG_CODES.ignoredByUser) return null;
    throw new DialogFailedError(code, DIALOG_FAILURES[code ?? -1] ?? (error instanceof Error ? error.message : String(error)));
  }

  return new Promise<T | null>((resolve, reject) => {
    let settled = false;
    const controls: DialogControls<T> = {
      reply(message) {
        if (typeof dialog.messageChild !== 'function') return false;
        dialog.messageChild(encodeDialogMessage(message));
        return true;
      },
      finish(value) {
        if (settled) return;
        settled = true;
        try {
          dialog.close();
        } catch {
          // The window may already be gone; the conversation is over either way.
        }
        resolve(value);
      },
    };

    dialog.addEventHandler(office.EventType.DialogMessageReceived, (args) => {
      if (settled || !('message' in args)) return;
      if (args.origin !== undefined && args.origin !== options.origin) return;
      const message = parseDialogToParentMessage(args.message);
      if (message) options.onMessage(message, controls);
    });

    dialog.addEventHandler(office.EventType.DialogEventReceived, (args) => {
      if (settled || !('error' in args)) return;
      settled = true;
      if (args.error === DIALOG_CODES.closedByUser) resolve(null);
      else
        reject(
          new DialogFailedError(args.error, DIALOG_FAILURES[args.error] ?? `The window stopped unexpectedly (Office code ${args.error}).`),
        );
    });
  });
}
