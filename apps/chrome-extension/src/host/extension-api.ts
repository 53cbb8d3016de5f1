import { createApiClient, type ApiClient } from '@vocal/api-client';
import type { ChromeApi } from './chrome-api.ts';
import { loadChromeTokenStore } from './chrome-token-store.ts';
import { serverOrigin } from './extension-server.ts';

/**
 * The API client of an extension page: our server's /api (the manifest's host permission lets
 * the chrome-extension:// page call it), tokens in chrome.storage.session shared by every
 * page. A session that arrives or rotates elsewhere (the handoff, another page's refresh) is
 * adopted at once; a refresh is done by one page at a time (Web Locks are per origin).
 */
export async function createExtensionApi(chrome: Pick<ChromeApi, 'runtime' | 'storage'>): Promise<{ api: ApiClient; server: string }> {
  const server = serverOrigin(chrome);
  const tokens = await loadChromeTokenStore(chrome);
  const api = createApiClient({
    baseUrl: `${server}/api`,
    storageBaseUrl: `${server}/files/`,
    tokenStore: tokens,
    refreshLock:
      typeof navigator !== 'undefined' && navigator.locks
        ? <T>(work: () => Promise<T>) => navigator.locks.request('vocal-refresh', work) as Promise<T>
        : undefined,
    onHttpError: (report) => {
      if (report.status >= 500) console.error(`API ${report.method} ${report.url} answered ${report.status}: ${report.body.msg}`);
    },
    logFatal: (title, message) => console.error(`${title}: ${message}`),
  });
  tokens.onExternalChange((next) => api.session.setTokens(next));
  return { api, server };
}
