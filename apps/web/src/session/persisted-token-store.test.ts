import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistedTokenStore } from './persisted-token-store.ts';

const tokens = { accessToken: 'a'.repeat(20), refreshToken: 'r'.repeat(20) };

describe('the persisted token store', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('keeps the tokens in localStorage', () => {
    persistedTokenStore().set(tokens);
    expect(persistedTokenStore().get()).toEqual(tokens);
  });

  it('keeps them in memory where the browser denies localStorage (another site’s frame with storage blocked)', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException(
        "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
        'SecurityError',
      );
    });
    const store = persistedTokenStore();
    expect(store.get()).toBeNull();
    store.set(tokens);
    expect(store.get()).toEqual(tokens);
    store.set(null);
    expect(store.get()).toBeNull();
  });
});
