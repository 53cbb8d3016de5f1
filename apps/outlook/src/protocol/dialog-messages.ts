import {
  parseOpenerToWindowMessage,
  parseWindowToOpenerMessage,
  type OpenerToWindowMessage,
  type WindowToOpenerMessage,
} from '@vocal/host-shell';

/** What the dialog page tells the taskpane through `Office.context.ui.messageParent` (host-shell's window messages). */
export type DialogToParentMessage = WindowToOpenerMessage;
/** What the taskpane answers through `dialog.messageChild` (DialogApi 1.2). */
export type ParentToDialogMessage = OpenerToWindowMessage;

/** Office's dialog API carries strings: messages travel as JSON, tokens in camelCase, which the schemas read back. */
export function encodeDialogMessage(message: DialogToParentMessage | ParentToDialogMessage): string {
  return JSON.stringify(message);
}

function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** The message, or null for anything malformed or unknown (it is then ignored, never trusted). */
export const parseDialogToParentMessage = (raw: unknown) => parseWindowToOpenerMessage(parseJson(raw));
export const parseParentToDialogMessage = (raw: unknown) => parseOpenerToWindowMessage(parseJson(raw));
