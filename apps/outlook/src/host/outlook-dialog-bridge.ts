import {
  encodeDialogMessage,
  parseParentToDialogMessage,
  type DialogToParentMessage,
  type ParentToDialogMessage,
} from '../protocol/dialog-messages.ts';
import { officeCall } from './outlook-async.ts';
import type { OutlookDialogOffice } from './outlook-office.ts';

/** The dialog page's side of the conversation with the taskpane. */
export type DialogBridge = {
  send(message: DialogToParentMessage): void;
  /** Whether the taskpane can answer (DialogApi 1.2: messageChild and the parent-message event). */
  canHearParent(): boolean;
  /**
   * Listens for the taskpane's messages; malformed ones and ones from another origin are
   * dropped. Resolves once Office has registered the handler.
   */
  listen(handler: (message: ParentToDialogMessage) => void): Promise<void>;
};

export function createOutlookDialogBridge(office: OutlookDialogOffice, options: { origin: string }): DialogBridge {
  const canHearParent = () =>
    typeof office.context.ui.addHandlerAsync === 'function' && office.context.requirements.isSetSupported('DialogApi', '1.2');

  return {
    send(message) {
      office.context.ui.messageParent(encodeDialogMessage(message));
    },
    canHearParent,
    async listen(handler) {
      const addHandler = office.context.ui.addHandlerAsync;
      if (!canHearParent() || typeof addHandler !== 'function') throw new Error('This version of Outlook cannot answer its windows.');
      await officeCall<void>(office.AsyncResultStatus.Failed, (callback) =>
        addHandler.call(
          office.context.ui,
          office.EventType.DialogParentMessageReceived,
          (args) => {
            if (args.origin !== undefined && args.origin !== options.origin) return;
            const message = parseParentToDialogMessage(args.message);
            if (message) handler(message);
          },
          callback,
        ),
      );
    },
  };
}
