import { describe, expect, it } from 'vitest';
import { messageEvent, ORIGIN } from './fake-popup.ts';
import { createOpenerBridge } from './opener-bridge.ts';
import { sealMessage } from './popup-envelope.ts';

const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

/** A popup's own window, opened by `opener` (or by nobody). */
function popupWindow(opener: unknown) {
  return Object.assign(new EventTarget(), { opener, location: { origin: ORIGIN } }) as unknown as Window & EventTarget;
}

function panel(origin = ORIGIN) {
  const posted: { message: unknown; targetOrigin: string }[] = [];
  return {
    posted,
    closed: false,
    get location() {
      // A window of another site: reading where it is throws, as in a browser.
      if (origin !== ORIGIN) throw new DOMException('Blocked a frame', 'SecurityError');
      return { origin };
    },
    postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message, targetOrigin }),
  };
}

describe('a popup’s bridge to the panel that opened it', () => {
  it('posts to a same-origin opener, aimed at our origin only', () => {
    const opener = panel();
    const bridge = createOpenerBridge(popupWindow(opener));
    expect(bridge.canHearParent()).toBe(true);
    expect(bridge.post({ type: 'cancelled' })).toBe(true);
    expect(opener.posted).toEqual([{ message: sealMessage({ type: 'cancelled' }), targetOrigin: ORIGIN }]);
  });

  it('tells no one when opened directly, by a closed panel or by another site', () => {
    const stranger = panel('https://evil.example');
    const closed = Object.assign(panel(), { closed: true });
    for (const opener of [null, closed, stranger]) {
      const bridge = createOpenerBridge(popupWindow(opener));
      expect(bridge.canHearParent()).toBe(false);
      expect(bridge.post({ type: 'signed-in', tokens })).toBe(false);
    }
    expect(stranger.posted).toEqual([]);
  });

  it('hears well-formed answers from the opener on our origin only', async () => {
    const opener = panel();
    const self = popupWindow(opener);
    const heard: unknown[] = [];
    await createOpenerBridge(self).listen((message) => heard.push(message));
    self.dispatchEvent(messageEvent(sealMessage({ type: 'session', tokens: null }), 'https://evil.example', opener));
    self.dispatchEvent(messageEvent(sealMessage({ type: 'session', tokens: null }), ORIGIN, {}));
    self.dispatchEvent(messageEvent(sealMessage({ type: 'session' }), ORIGIN, opener));
    self.dispatchEvent(messageEvent({ type: 'session', tokens: null }, ORIGIN, opener));
    self.dispatchEvent(messageEvent(sealMessage({ type: 'session', tokens, subject: 'Hi' }), ORIGIN, opener));
    expect(heard).toEqual([{ type: 'session', tokens, subject: 'Hi' }]);
  });
});
