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

/** Where a tab keeps the listen its visit counted, so a reload reports progress to the same listen. */
const listenKey = (recordingId: string) => `vocal.listened.${recordingId}`;

/** The listen this tab's visit counted (from GET track/view-vocal), or null: the owner, or not answered yet. */
export function countedListen(recordingId: string): string | null {
  try {
    const stored = sessionStorage.getItem(listenKey(recordingId));
    return stored && stored !== '1' ? stored : null;
  } catch {
    return memoryListens.get(recordingId) ?? null;
  }
}

const memoryListens = new Map<string, string>();

/** Counts this listen once per visit (per tab session), as the owner's own never count. */
export function trackListenOnce(recordingId: string): void {
  try {
    if (sessionStorage.getItem(listenKey(recordingId))) return;
    sessionStorage.setItem(listenKey(recordingId), '1');
  } catch {
    // No session storage (private mode in some browsers): count once per page load instead.
  }
  void listenApi()
    .trackView(recordingId)
    .then((result) => {
      const listen = result.ok ? result.data.listen : undefined;
      if (!listen) return;
      memoryListens.set(recordingId, listen);
      try {
        sessionStorage.setItem(listenKey(recordingId), listen);
      } catch {
        // Kept in memory above.
      }
    });
}
