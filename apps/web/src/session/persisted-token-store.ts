import { tokensSchema, type Tokens } from '@vocal/settings-model';
import type { TokenStore } from '@vocal/api-client';

const KEY = 'vocal.tokens';

/**
 * Tokens kept in localStorage so a reload keeps the user signed in, shared by every tab.
 * Written at once (not debounced): a rotated refresh token lost to a closing tab would sign
 * the user out on their next visit.
 */
export function persistedTokenStore(storage: Storage = window.localStorage): TokenStore & {
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
