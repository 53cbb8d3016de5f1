import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { webApi } from '../session/web-api.ts';

/**
 * Unread messages from others, for the count beside "Recordings" in the navigation. Null until
 * first known, so the badge does not flash a zero. The inbox sets it from POST /inbox/read's
 * answer; the layout asks GET /inbox/summary when it mounts and when the person navigates.
 */
export const unreadCountAtom = atom<number | null>(null);

export function useRefreshUnreadCount() {
  const setUnread = useSetAtom(unreadCountAtom);
  return useCallback(async () => {
    const result = await webApi().getInboxSummary();
    if (result.ok) setUnread(result.data.unread);
  }, [setUnread]);
}
