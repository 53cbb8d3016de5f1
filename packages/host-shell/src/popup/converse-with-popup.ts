import type { WindowControls } from '../window/window-conversations.ts';
import { parseWindowToOpenerMessage, type WindowToOpenerMessage } from '../window/window-messages.ts';
import { openEnvelope, sealMessage } from './popup-envelope.ts';
import { openPopup, type PopupOpener, type PopupSize } from './open-popup.ts';

/** How often the panel looks whether the person closed the window: browsers fire no event for it. */
export const CLOSED_CHECK_MS = 400;

export type PopupConversationOptions<T> = {
  size: PopupSize;
  /** Called for each well-formed message from the popup; anything else never reaches it. */
  onMessage(message: WindowToOpenerMessage, controls: WindowControls<T>): void;
};

/**
 * Opens `url` in a popup and runs one conversation with it. Resolves with what `finish` was
 * given (closing the popup), or null when the person closed the window. Messages count only
 * from that window and our origin. Rejects as openPopup throws when the window cannot open.
 */
export async function converseWithPopup<T>(
  url: string,
  options: PopupConversationOptions<T>,
  opener: PopupOpener = window,
): Promise<T | null> {
  // Opened before any await: browsers let a popup open only in the click's own task.
  const popup = openPopup(url, options.size, opener);
  const origin = opener.location.origin;

  return new Promise<T | null>((resolve) => {
    let settled = false;
    const stop = () => {
      opener.removeEventListener('message', onMessage);
      clearInterval(closedCheck);
    };
    const controls: WindowControls<T> = {
      reply(message) {
        if (!settled && !popup.closed) popup.postMessage(sealMessage(message), origin);
      },
      finish(value) {
        if (settled) return;
        settled = true;
        stop();
        popup.close();
        resolve(value);
      },
    };
    function onMessage(event: MessageEvent) {
      if (settled || event.source !== popup || event.origin !== origin) return;
      const message = parseWindowToOpenerMessage(openEnvelope(event.data));
      if (message) options.onMessage(message, controls);
    }
    opener.addEventListener('message', onMessage);
    const closedCheck = setInterval(() => {
      if (popup.closed) controls.finish(null);
    }, CLOSED_CHECK_MS);
  });
}
