import { createApiClient, memoryTokenStore, type ApiClient, type TokenStore } from '@vocal/api-client';

export type HostApi = { api: ApiClient; tokens: TokenStore };

/**
 * A host app's API client: our server's /api, tokens in memory only (HOSTS.md: a host app is a
 * frame inside someone else's product, and nothing of the session is left behind in it). The
 * server is the page's own origin, except where the host serves the page itself (Zoho Mail's
 * package): then `server` names ours, and the API answers that origin's calls (CORS).
 */
export function createHostApi(options: { onLogout?: () => void; server?: string } = {}): HostApi {
  const tokens = memoryTokenStore();
  const server = options.server ?? window.location.origin;
  const api = createApiClient({
    baseUrl: `${server}/api`,
    storageBaseUrl: `${server}/files/`,
    tokenStore: tokens,
    onLogout: options.onLogout,
    onHttpError: (report) => {
      if (report.status >= 500) console.error(`API ${report.method} ${report.url} answered ${report.status}: ${report.body.msg}`);
    },
    logFatal: (title, message) => console.error(`${title}: ${message}`),
  });
  return { api, tokens };
}
