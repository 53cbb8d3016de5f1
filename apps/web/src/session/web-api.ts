import { createApiClient, type ApiClient } from '@vocal/api-client';
import { captureHttpError } from '../error-reporting/client-reporter.ts';
import { persistedTokenStore } from './persisted-token-store.ts';
import { readUnlockToken } from '../listen/unlock-token.ts';

/** The API lives on the app's own origin under /api; files under /files. */
export const apiBaseUrl = () => `${window.location.origin}/api`;
export const storageBaseUrl = () => `${window.location.origin}/files/`;

/** Serialises refreshes across tabs where the browser can (spec: one refresh at a time). */
function refreshLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request('vocal-token-refresh', work) as Promise<T>;
  }
  return work();
}

let client: ApiClient | null = null;

/** The web app's one API client: persisted tokens, reload after a refused refresh. */
export function webApi(): ApiClient {
  if (client) return client;
  const store = persistedTokenStore();
  client = createApiClient({
    baseUrl: apiBaseUrl(),
    storageBaseUrl: storageBaseUrl(),
    tokenStore: store,
    refreshLock,
    reload: () => window.location.reload(),
    onHttpError: (report) => {
      if (report.status >= 500) console.error(`API ${report.method} ${report.url} answered ${report.status}: ${report.body.msg}`);
      captureHttpError(report);
    },
    logFatal: (title, message) => console.error(`${title}: ${message}`),
    // The in-app listen route opens a password-protected message with its token (decision 0074).
    unlockTokenFor: readUnlockToken,
  });
  const session = client.session;
  store.onExternalChange((tokens) => session.setTokens(tokens));
  return client;
}
