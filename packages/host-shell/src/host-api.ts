import { createApiClient, memoryTokenStore, type ApiClient, type TokenStore } from '@vocal/api-client';

export type HostApi = { api: ApiClient; tokens: TokenStore };

/**
 * A host app's API client: our own origin's /api, tokens in memory only (HOSTS.md: a host
 * app is a frame inside someone else's product, and nothing of the session is left behind in it).
 */
export function createHostApi(options: { onLogout?: () => void } = {}): HostApi {
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
