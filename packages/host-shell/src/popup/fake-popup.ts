import type { PopupOpener } from './open-popup.ts';

export const ORIGIN = 'https://vocal.example';

/** A popup as the panel sees it: what was posted to it, and whether it is closed. */
export type FakePopup = Window & { posted: { message: unknown; targetOrigin: string }[] };

function fakePopup(): FakePopup {
  const popup = {
    closed: false,
    posted: [] as { message: unknown; targetOrigin: string }[],
    postMessage(message: unknown, targetOrigin: string) {
      popup.posted.push({ message, targetOrigin });
    },
    close() {
      popup.closed = true;
    },
    focus() {},
  };
  return popup as unknown as FakePopup;
}

/** A message event as a browser delivers it, with the sender's origin and window. */
export function messageEvent(data: unknown, origin: string, source: unknown): MessageEvent {
  return Object.assign(new Event('message'), { data, origin, source }) as unknown as MessageEvent;
}

/**
 * The panel's window for tests of the popup protocol: `open` answers a fake popup (or null,
 * as a blocker does), and `deliver` plays a message arriving from some window and origin.
 */
export function fakeOpener(options: { blocked?: boolean } = {}) {
  const target = new EventTarget();
  const popups: FakePopup[] = [];
  const opened: { url: string; target: string; features: string }[] = [];
  const opener: PopupOpener = {
    open(url, windowTarget, features) {
      opened.push({ url, target: windowTarget, features });
      if (options.blocked) return null;
      const popup = fakePopup();
      popups.push(popup);
      return popup;
    },
    addEventListener: (type, listener) => target.addEventListener(type, listener as EventListener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener as EventListener),
    location: { origin: ORIGIN, href: `${ORIGIN}/hosts/zendesk/sidebar.html` },
  };
  return {
    opener,
    opened,
    popup: () => popups.at(-1)!,
    deliver: (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
      target.dispatchEvent(messageEvent(data, from.origin ?? ORIGIN, 'source' in from ? from.source : popups.at(-1))),
  };
}
