import { createApiClient, memoryTokenStore, type ApiClient, type TokenStore } from '@vocal/api-client';

export type OutlookApi = { api: ApiClient; tokens: TokenStore };

/**
 * The add-in's API client: our own origin's /api, tokens in memory only (HOSTS.md: the
 * taskpane is a frame inside Outlook, and nothing of the session is left behind in it).
 */
export function createOutlookApi(options: { onLogout?: () => void } = {}): OutlookApi {
  const tokens = memoryTokenStore();
  const api = createApiClient({
    baseUrl: `${window.location.origin}/api`,
    storageBaseUrl: `${window.location.origin}/files/`,
    tokenStore: tokens,
    onLogout: options.onLogout,
    onHttpError: (report) => {
      if (report.status >= 500) console.error(`API ${report.method} ${report.url} answered ${report.status}: ${report.body.msg}`);
    },
    logFatal: (title, message) => console.error(`${title}: ${message}`),
  });
  return { api, tokens };
}
