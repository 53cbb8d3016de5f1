import { describe, expect, it, vi } from 'vitest';
import { createFakeZafClient } from './fake-zaf-client.ts';
import { connectToZendesk, REGISTRATION_TIMEOUT_MS } from './zaf-runtime.ts';

describe('connecting to Zendesk', () => {
  it('resolves with the client once Zendesk registers the app', async () => {
    const { client } = createFakeZafClient();
    let register = () => undefined as void;
    const connecting = connectToZendesk({
      ZAFClient: {
        init(callback) {
          register = () => callback?.();
          return client;
        },
      },
    });
    register();
    expect(await connecting).toEqual({ status: 'connected', client });
  });

  it('says so when the script did not load, or the page was opened outside Zendesk', async () => {
    expect(await connectToZendesk({})).toMatchObject({ status: 'outside-zendesk', reason: expect.stringContaining('did not load') });
    expect(await connectToZendesk({ ZAFClient: { init: () => false } })).toMatchObject({
      status: 'outside-zendesk',
      reason: expect.stringContaining('open it from a ticket'),
    });
  });

  it('gives up when Zendesk never registers the app', async () => {
    vi.useFakeTimers();
    try {
      const { client } = createFakeZafClient();
      const connecting = connectToZendesk({ ZAFClient: { init: () => client } });
      await vi.advanceTimersByTimeAsync(REGISTRATION_TIMEOUT_MS);
      expect(await connecting).toMatchObject({ status: 'outside-zendesk', reason: expect.stringContaining('did not answer') });
    } finally {
      vi.useRealTimers();
    }
  });
});
