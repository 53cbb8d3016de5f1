/** The window the panel runs in, as far as opening and hearing a popup goes (a fake in tests). */
export type PopupOpener = {
  open(url: string, target: string, features: string): Window | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  location: { origin: string; href: string };
  screenX?: number;
  screenY?: number;
  outerWidth?: number;
  outerHeight?: number;
};

export type PopupSize = { width: number; height: number };

/** The browser refused to open the window (a pop-up blocker, or a host frame without allow-popups). */
export class PopupBlockedError extends Error {
  override name = 'PopupBlockedError';
  constructor() {
    super('Your browser blocked the Vocal window. Allow pop-ups for this page, then try again.');
  }
}

/** One window at a time per panel: a second click brings the open one forward. */
const openWindows = new WeakMap<PopupOpener, Window>();

/**
 * Opens `url` in a popup centred over the panel's window. Only pages on the panel's own
 * origin: the popup is handed a session, and postMessage is aimed at that origin alone.
 * Throws PopupBlockedError when the browser refuses.
 */
export function openPopup(url: string, size: PopupSize, opener: PopupOpener): Window {
  const address = new URL(url, opener.location.href);
  if (address.origin !== opener.location.origin)
    throw new Error(`A Vocal window opens on ${opener.location.origin} only, not ${address.origin}.`);
  const open = openWindows.get(opener);
  if (open && !open.closed) {
    open.focus();
    throw new Error('A Vocal window is already open. Finish or close it first.');
  }
  const left = (opener.screenX ?? 0) + Math.max(0, ((opener.outerWidth ?? size.width) - size.width) / 2);
  const top = (opener.screenY ?? 0) + Math.max(0, ((opener.outerHeight ?? size.height) - size.height) / 2);
  // No noopener: the panel needs the window's handle, and the window its opener, to talk.
  const popup = opener.open(
    address.href,
    '_blank',
    `popup,width=${size.width},height=${size.height},left=${Math.round(left)},top=${Math.round(top)}`,
  );
  if (!popup) throw new PopupBlockedError();
  openWindows.set(opener, popup);
  return popup;
}
