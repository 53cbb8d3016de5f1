import type { ApiClient } from '@vocal/api-client';

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

/**
 * Counts this listen once per visit (per tab session), as the owner's own never count, through
 * whichever client the page has (a visitor's small one, or the signed-in person's).
 */
export function trackListenOnce(recordingId: string, api: Pick<ApiClient, 'trackView'>): void {
  try {
    if (sessionStorage.getItem(listenKey(recordingId))) return;
    sessionStorage.setItem(listenKey(recordingId), '1');
  } catch {
    // No session storage (private mode in some browsers): count once per page load instead.
  }
  void api.trackView(recordingId).then((result) => {
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
