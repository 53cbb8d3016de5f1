import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeZohoMail } from './zoho-fake-client.ts';
import { ZohoUnavailableError, connectToZohoMail } from './zoho-runtime.ts';
import type { ZohoSigmaSdk } from './zoho-sigma.ts';

/** Plays the page inside Zoho Mail's frame, with this SDK global. */
function inZohoFrame(sdk: ZohoSigmaSdk | undefined) {
  vi.stubGlobal('SigmaSDK', sdk);
  Object.defineProperty(window, 'parent', { value: {}, configurable: true });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
});

describe('connecting to Zoho Mail', () => {
  it('hands back the client once Zoho has answered init, even when it answers before init returns', async () => {
    const { client } = createFakeZohoMail();
    const init = vi.fn((onReady: () => void) => {
      onReady();
      return client;
    });
    inZohoFrame({ MAIL: { init } });
    expect(await connectToZohoMail({ timeoutMs: 60_000 })).toBe(client);
    expect(init).toHaveBeenCalledTimes(1);
  });

  it('waits for Zoho’s answer', async () => {
    const { client } = createFakeZohoMail();
    let answer = () => undefined as void;
    inZohoFrame({ MAIL: { init: (onReady) => ((answer = onReady), client) } });
    let connected: unknown = null;
    const connecting = connectToZohoMail({ timeoutMs: 60_000 }).then((value) => (connected = value));
    await Promise.resolve();
    expect(connected).toBeNull();
    answer();
    await connecting;
    expect(connected).toBe(client);
  });

  it('says so when the SDK did not load, the page is not in a frame, or Zoho never answers', async () => {
    inZohoFrame(undefined);
    await expect(connectToZohoMail({ timeoutMs: 1 })).rejects.toThrow('SDK did not load');

    vi.stubGlobal('SigmaSDK', { MAIL: { init: () => createFakeZohoMail().client } });
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
    await expect(connectToZohoMail({ timeoutMs: 1 })).rejects.toThrow('open it from the widget panel');

    vi.useFakeTimers();
    inZohoFrame({ MAIL: { init: () => createFakeZohoMail().client } });
    const silent = connectToZohoMail({ timeoutMs: 15_000 });
    vi.advanceTimersByTime(15_000);
    await expect(silent).rejects.toBeInstanceOf(ZohoUnavailableError);
  });
});
