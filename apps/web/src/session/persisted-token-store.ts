import { tokensSchema, type Tokens } from '@vocal/settings-model';
import type { TokenStore } from '@vocal/api-client';

const KEY = 'vocal.tokens';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * localStorage, or a map in memory where the browser denies it: a page of ours in another
 * site's frame (the Google Docs sidebar) with third-party storage blocked throws on the mere
 * read of `window.localStorage`. The session then lasts as long as the page.
 */
function localStorageOrMemory(): KeyValueStorage {
  try {
    return window.localStorage;
  } catch {
    const values = new Map<string, string>();
    return {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
      removeItem: (key) => void values.delete(key),
    };
  }
}

/**
 * Tokens kept in localStorage so a reload keeps the user signed in, shared by every tab.
 * Written at once (not debounced): a rotated refresh token lost to a closing tab would sign
 * the user out on their next visit.
 */
export function persistedTokenStore(storage: KeyValueStorage = localStorageOrMemory()): TokenStore & {
  /** Calls back when another tab signs in, refreshes or signs out. */
  onExternalChange(listener: (tokens: Tokens | null) => void): () => void;
} {
  const read = (): Tokens | null => {
    try {
      const raw = storage.getItem(KEY);
      if (!raw) return null;
      const parsed = tokensSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  return {
    get: read,
    set(tokens) {
      try {
        if (tokens) storage.setItem(KEY, JSON.stringify(tokens));
        else storage.removeItem(KEY);
      } catch {
        // Storage full or blocked (private mode): the session still works in memory for this tab.
      }
    },
    onExternalChange(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === KEY || event.key === null) listener(read());
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}
