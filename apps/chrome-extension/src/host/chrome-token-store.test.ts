import { describe, expect, it } from 'vitest';
import { createFakeChrome } from './fake-chrome.ts';
import { loadChromeTokenStore, TOKENS_KEY } from './chrome-token-store.ts';
import { createExtensionApi } from './extension-api.ts';

const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };
const wire = { access_token: 'access-1', refresh_token: 'refresh-1' };

describe('the session in chrome.storage.session', () => {
  it('starts from what is stored, and ignores what is not a pair of tokens', async () => {
    expect((await loadChromeTokenStore(createFakeChrome({ session: { [TOKENS_KEY]: wire } }).chrome)).get()).toEqual(tokens);
    expect((await loadChromeTokenStore(createFakeChrome({ session: { [TOKENS_KEY]: { access_token: 1 } } }).chrome)).get()).toBeNull();
    expect((await loadChromeTokenStore(createFakeChrome().chrome)).get()).toBeNull();
  });

  it('writes a new session (in the server’s shape) and removes an ended one', async () => {
    const fake = createFakeChrome();
    const store = await loadChromeTokenStore(fake.chrome);
    store.set(tokens);
    await expect.poll(() => fake.session.get(TOKENS_KEY)).toEqual(wire);
    store.set(null);
    await expect.poll(() => fake.session.has(TOKENS_KEY)).toBe(false);
  });

  it('adopts a session another page (or the handoff) stored, and tells the page', async () => {
    const fake = createFakeChrome();
    const store = await loadChromeTokenStore(fake.chrome);
    const heard: unknown[] = [];
    store.onExternalChange((next) => heard.push(next));
    await fake.chrome.storage.session.set({ [TOKENS_KEY]: wire });
    expect(store.get()).toEqual(tokens);
    await fake.chrome.storage.local.set({ [TOKENS_KEY]: { access_token: 'x', refresh_token: 'y' } });
    await fake.chrome.storage.session.remove(TOKENS_KEY);
    expect(heard).toEqual([tokens, null]);
    expect(store.get()).toBeNull();
  });

  it('signs an open page in when the session arrives, at the server the manifest names', async () => {
    const fake = createFakeChrome();
    const { api, server } = await createExtensionApi(fake.chrome);
    expect(server).toBe('https://vocal.example.com');
    expect(api.session.isAuthorized()).toBe(false);
    await fake.chrome.storage.session.set({ [TOKENS_KEY]: wire });
    expect(api.session.isAuthorized()).toBe(true);
  });
});
