import type { SessionChannel } from '../window/request-session.ts';
import { parseOpenerToWindowMessage, type WindowToOpenerMessage } from '../window/window-messages.ts';
import { openEnvelope, sealMessage } from './popup-envelope.ts';

/** A popup's side of the conversation with the panel that opened it. */
export type OpenerBridge = SessionChannel & {
  /** Tells the panel; false when there is no same-origin panel to tell (the message goes nowhere). */
  post(message: WindowToOpenerMessage): boolean;
};

/** The opener, when it is a live window of our own origin; null otherwise (opened directly, or by a stranger). */
function sameOriginOpener(self: Window): Window | null {
  const opener = self.opener as Window | null;
  if (!opener || opener.closed) return null;
  try {
    return opener.location.origin === self.location.origin ? opener : null;
  } catch {
    // Reading a cross-origin window's location throws: not ours.
    return null;
  }
}

/**
 * The popup's bridge to its opener. Messages are posted to our own origin only, so tokens
 * never reach a page of another site even if one opened this window, and only messages from
 * the opener on our origin are heard.
 */
export function createOpenerBridge(self: Window = window): OpenerBridge {
  const origin = self.location.origin;
  const post = (message: WindowToOpenerMessage) => {
    const opener = sameOriginOpener(self);
    if (!opener) return false;
    opener.postMessage(sealMessage(message), origin);
    return true;
  };
  return {
    post,
    send: (message) => void post(message),
    canHearParent: () => sameOriginOpener(self) !== null,
    async listen(handler) {
      self.addEventListener('message', (event: MessageEvent) => {
        if (event.origin !== origin || event.source === null || event.source !== sameOriginOpener(self)) return;
        const message = parseOpenerToWindowMessage(openEnvelope(event.data));
        if (message) handler(message);
      });
    },
  };
}
