import type { Tokens } from '@vocal/settings-model';

/**
 * Where the session's tokens live. Memory by default (spec section 4); the web app may
 * persist them so a reload keeps the user signed in.
 */
export interface TokenStore {
  get(): Tokens | null;
  set(tokens: Tokens | null): void;
}

export function memoryTokenStore(initial: Tokens | null = null): TokenStore {
  let tokens = initial;
  return {
    get: () => tokens,
    set: (next) => {
      tokens = next;
    },
  };
}
