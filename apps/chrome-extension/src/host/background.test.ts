import { describe, expect, it } from 'vitest';
import { SESSION_HANDOFF_SPENT } from '@vocal/settings-model';
import { claimHandoff, NOT_CLAIMED, NOT_OURS, startBackground } from './background.ts';
import { TOKENS_KEY } from './chrome-token-store.ts';
import { createFakeChrome, FAKE_SERVER } from './fake-chrome.ts';

const CODE = 'A'.repeat(43);
const fromOurPage = { origin: FAKE_SERVER, url: `${FAKE_SERVER}/hosts-sign-in?host=chrome-extension`, tab: { id: 12 } as chrome.tabs.Tab };

/** The server's claim endpoint: tokens for CODE once, then the spent answer. */
function fakeServer() {
  const requests: { url: string; body: unknown }[] = [];
  let spent = false;
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = (await request.json()) as { code: string };
    requests.push({ url: request.url, body });
    if (body.code !== CODE || spent) {
      return new Response(JSON.stringify({ msg: SESSION_HANDOFF_SPENT }), { status: 404, headers: { 'content-type': 'application/json' } });
    }
    spent = true;
    return new Response(JSON.stringify({ access_token: 'access', refresh_token: 'refresh' }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetchImpl, requests };
}

describe('the sign-in handoff in the service worker', () => {
  it('claims the code at our server and keeps the session in chrome.storage.session', async () => {
    const fake = createFakeChrome();
    const server = fakeServer();
    expect(await claimHandoff(fake.chrome, server.fetchImpl, { type: 'vocal-session-handoff', code: CODE }, fromOurPage)).toEqual({
      ok: true,
    });
    expect(server.requests).toEqual([{ url: `${FAKE_SERVER}/api/session-handoff/claim`, body: { code: CODE } }]);
    expect(fake.session.get(TOKENS_KEY)).toEqual({ access_token: 'access', refresh_token: 'refresh' });
  });

  it('hears only our server’s page, and nothing but a code from it', async () => {
    const fake = createFakeChrome();
    const server = fakeServer();
    const message = { type: 'vocal-session-handoff', code: CODE };
    for (const sender of [
      { origin: 'https://evil.example' },
      { url: 'https://vocal.example.com.evil.example/' },
      {},
      { url: 'not a url' },
    ]) {
      expect(await claimHandoff(fake.chrome, server.fetchImpl, message, sender)).toEqual({ ok: false, msg: NOT_OURS });
    }
    for (const bad of [
      null,
      'code',
      { type: 'vocal-session-handoff' },
      { type: 'other', code: CODE },
      { type: 'vocal-session-handoff', code: '' },
    ]) {
      expect(await claimHandoff(fake.chrome, server.fetchImpl, bad, fromOurPage)).toEqual({ ok: false, msg: NOT_CLAIMED });
    }
    expect(server.requests).toEqual([]);
    expect(fake.session.size).toBe(0);
  });

  it('passes on the server’s refusal of a spent code and stores nothing', async () => {
    const fake = createFakeChrome();
    const server = fakeServer();
    await claimHandoff(fake.chrome, server.fetchImpl, { type: 'vocal-session-handoff', code: CODE }, fromOurPage);
    await fake.chrome.storage.session.remove(TOKENS_KEY);
    expect(await claimHandoff(fake.chrome, server.fetchImpl, { type: 'vocal-session-handoff', code: CODE }, fromOurPage)).toEqual({
      ok: false,
      msg: SESSION_HANDOFF_SPENT,
    });
    expect(fake.session.size).toBe(0);
  });

  it('answers the page, then closes its tab once signed in (and leaves it open to say why when not)', async () => {
    const fake = createFakeChrome();
    startBackground(fake.chrome, fakeServer().fetchImpl);
    expect(await fake.sendExternal({ type: 'vocal-session-handoff', code: CODE }, fromOurPage)).toEqual({ ok: true });
    await expect.poll(() => fake.callsTo('tabs.remove')).toEqual([[12]]);
    expect(await fake.sendExternal({ type: 'vocal-session-handoff', code: CODE }, fromOurPage)).toEqual({
      ok: false,
      msg: SESSION_HANDOFF_SPENT,
    });
    expect(fake.callsTo('tabs.remove')).toEqual([[12]]);
  });
});
