import { refreshResponseSchema, type Tokens } from '@vocal/settings-model';
import type { TokenStore } from './token-store.ts';

export type SessionListener = (tokens: Tokens | null) => void;

export type RefreshOutcome = 'refreshed' | 'rejected' | 'unreachable';

/**
 * The authorization state of spec section 4: unauthorized until both tokens are held;
 * one refresh at a time; requests wait while a refresh runs or until authorized; a
 * rejected refresh logs out and reloads.
 */
export function createAuthSession(options: {
  store: TokenStore;
  /** POSTs to /refresh with the refresh token as bearer; answers the raw response. */
  postRefresh: (refreshToken: string) => Promise<Response>;
  onLogout?: () => void;
  reload?: () => void;
  /** Serialises refreshes across tabs (the web app passes navigator.locks). */
  refreshLock?: <T>(work: () => Promise<T>) => Promise<T>;
}) {
  const listeners = new Set<SessionListener>();
  let refreshing: Promise<RefreshOutcome> | null = null;
  let authorizedWaiters: (() => void)[] = [];

  const isAuthorized = () => {
    const tokens = options.store.get();
    return Boolean(tokens?.accessToken && tokens.refreshToken);
  };

  function setTokens(tokens: Tokens | null) {
    options.store.set(tokens);
    if (isAuthorized()) {
      const waiters = authorizedWaiters;
      authorizedWaiters = [];
      for (const resolve of waiters) resolve();
    }
    for (const listener of listeners) listener(tokens);
  }

  async function runRefresh(spentAccessToken: string | null): Promise<RefreshOutcome> {
    const tokens = options.store.get();
    if (!tokens?.refreshToken) return 'rejected';
    // Another tab (through a shared store) may already have refreshed: use its tokens.
    if (spentAccessToken !== null && tokens.accessToken !== spentAccessToken) return 'refreshed';
    let response: Response;
    try {
      response = await options.postRefresh(tokens.refreshToken);
    } catch {
      // Offline is not signed out: keep the session and let the caller see the failure.
      return 'unreachable';
    }
    if (response.status >= 500) return 'unreachable';
    if (response.ok) {
      const parsed = refreshResponseSchema.safeParse(await response.json().catch(() => null));
      if (parsed.success && parsed.data.access_token) {
        setTokens({
          accessToken: parsed.data.access_token,
          refreshToken: parsed.data.refresh_token ?? tokens.refreshToken,
        });
        return 'refreshed';
      }
    }
    logout();
    options.reload?.();
    return 'rejected';
  }

  function logout() {
    const wasAuthorized = isAuthorized();
    setTokens(null);
    if (wasAuthorized) options.onLogout?.();
  }

  return {
    isAuthorized,
    accessToken: () => options.store.get()?.accessToken ?? null,
    setTokens,
    logout,

    /** Resolves once both tokens are held, and no refresh is running. */
    async ready(): Promise<void> {
      if (refreshing) await refreshing;
      if (isAuthorized()) return;
      await new Promise<void>((resolve) => authorizedWaiters.push(resolve));
      if (refreshing) await refreshing;
    },

    /** Waits for any refresh in flight, without waiting to be authorized. */
    async settled(): Promise<void> {
      if (refreshing) await refreshing;
    },

    /**
     * Refreshes once for everyone whose request was refused with `spentAccessToken`:
     * concurrent callers share the refresh already running.
     */
    refresh(spentAccessToken: string | null): Promise<RefreshOutcome> {
      if (!refreshing) {
        const work = () => runRefresh(spentAccessToken);
        refreshing = (options.refreshLock ? options.refreshLock(work) : work()).finally(() => {
          refreshing = null;
        });
      }
      return refreshing;
    },

    subscribe(listener: SessionListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type AuthSession = ReturnType<typeof createAuthSession>;
