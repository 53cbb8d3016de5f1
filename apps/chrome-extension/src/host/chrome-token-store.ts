import { tokensSchema, type Tokens } from '@vocal/settings-model';
import type { TokenStore } from '@vocal/api-client';
import type { ChromeApi } from './chrome-api.ts';

/** The key of the session's tokens in chrome.storage.session. */
export const TOKENS_KEY = 'vocal.tokens';

const same = (a: Tokens | null, b: Tokens | null) => a?.accessToken === b?.accessToken && a?.refreshToken === b?.refreshToken;

/** What is stored, or null for nothing or anything that is not a pair of tokens. */
export const parseStoredTokens = (value: unknown): Tokens | null => tokensSchema.safeParse(value).data ?? null;

export type ChromeTokenStore = TokenStore & {
  /** Calls `listener` when another page of the extension (or the handoff) changed the tokens. */
  onExternalChange(listener: (tokens: Tokens | null) => void): () => void;
};

/**
 * The session's tokens in chrome.storage.session: in memory, gone when the browser closes,
 * never written to disk and, at its default access level, out of content scripts' reach.
 * Every page of the extension (popup, compose frame) shares them; a refresh in one reaches
 * the others through storage.onChanged. Reads are synchronous (the API client's store), so
 * the store is loaded once before use.
 */
export async function loadChromeTokenStore(chrome: Pick<ChromeApi, 'storage'>): Promise<ChromeTokenStore> {
  let tokens = parseStoredTokens((await chrome.storage.session.get(TOKENS_KEY))[TOKENS_KEY]);
  const listeners = new Set<(tokens: Tokens | null) => void>();

  const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
    if (area !== 'session' || !(TOKENS_KEY in changes)) return;
    const next = parseStoredTokens(changes[TOKENS_KEY]!.newValue);
    if (same(next, tokens)) return;
    tokens = next;
    for (const listener of listeners) listener(next);
  };
  chrome.storage.onChanged.addListener(onChanged);

  return {
    get: () => tokens,
    set(next) {
      if (same(next, tokens)) return;
      tokens = next;
      const write = next
        ? chrome.storage.session.set({ [TOKENS_KEY]: { access_token: next.accessToken, refresh_token: next.refreshToken } })
        : chrome.storage.session.remove(TOKENS_KEY);
      write.catch((error: unknown) => console.error('Vocal could not keep the session', error));
    },
    onExternalChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Stores tokens the background got from the handoff: every open page picks them up. */
export async function storeTokens(chrome: Pick<ChromeApi, 'storage'>, tokens: Tokens): Promise<void> {
  await chrome.storage.session.set({ [TOKENS_KEY]: { access_token: tokens.accessToken, refresh_token: tokens.refreshToken } });
}
