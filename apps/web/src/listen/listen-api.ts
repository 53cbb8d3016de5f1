import { createApiClient, type ApiClient } from '@vocal/api-client';
import { persistedTokenStore } from '../session/persisted-token-store.ts';

let client: ApiClient | null = null;

/**
 * The listen page's API client, loaded after the page is up. It uses the app's stored session
 * when the visitor is signed in (their listens are theirs, and an owner sees replies), and it
 * never reloads the page: a session that ended just makes them a visitor.
 */
export function listenApi(): ApiClient {
  client ??= createApiClient({
    baseUrl: `${window.location.origin}/api`,
    storageBaseUrl: `${window.location.origin}/files/`,
    tokenStore: persistedTokenStore(),
  });
  return client;
}

/** Counts this listen once per visit (per tab session), as the owner's own never count. */
export function trackListenOnce(recordingId: string): void {
  const key = `vocal.listened.${recordingId}`;
  try {
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
  } catch {
    // No session storage (private mode in some browsers): count once per page load instead.
  }
  void listenApi().trackView(recordingId);
}
