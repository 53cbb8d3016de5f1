import { contextUpdates, delegateNewWindowsToFront } from '@frontapp/plugin-sdk';
import type { PopupOpener } from '@vocal/host-shell';
import type { FrontContextUpdates } from './front-sdk.ts';

/** How long Front may take to send its first context before the page says it is not answering. */
const FIRST_CONTEXT_TIMEOUT_MS = 20_000;

export type FrontConnection =
  | { inFront: false }
  | {
      inFront: true;
      contextUpdates: FrontContextUpdates;
      /** Opens our sign-in and record windows as real popups, which can talk to this frame. */
      popupOpener: PopupOpener;
    };

/**
 * Our own windows keep the browser's window.open: they need their opener to borrow the
 * session and hand the link back. Front's openUrl (below) opens a page with no way back.
 */
function nativePopupOpener(): PopupOpener {
  const open = window.open.bind(window);
  return {
    open: (url, target, features) => open(url, target, features),
    addEventListener: (type, listener) => window.addEventListener(type, listener),
    removeEventListener: (type, listener) => window.removeEventListener(type, listener),
    get location() {
      return window.location;
    },
    get screenX() {
      return window.screenX;
    },
    get screenY() {
      return window.screenY;
    },
    get outerWidth() {
      return window.outerWidth;
    },
    get outerHeight() {
      return window.outerHeight;
    },
  };
}

/**
 * The one reader of Front's Plugin SDK. Importing it starts the handshake with the parent
 * frame; Front then sends a context (and a new one whenever the person selects something
 * else). Opened outside a frame there is no Front to wait for. Every other link that opens a
 * new window (the listen link, Upgrade) goes through Front's openUrl
 * (delegateNewWindowsToFront), Front's documented way for a plugin to open a page.
 */
export function connectToFront(timeoutMs = FIRST_CONTEXT_TIMEOUT_MS): Promise<FrontConnection> {
  if (window.parent === window) return Promise.resolve({ inFront: false });
  const popupOpener = nativePopupOpener();
  delegateNewWindowsToFront();
  const updates = contextUpdates as unknown as FrontContextUpdates;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Front did not answer. Close the plugin and open it again.')), timeoutMs);
    const subscription = updates.subscribe(() => {
      clearTimeout(timer);
      // Unsubscribed on the next turn: the first context may arrive while subscribing.
      queueMicrotask(() => subscription.unsubscribe());
      resolve({ inFront: true, contextUpdates: updates, popupOpener });
    });
  });
}
