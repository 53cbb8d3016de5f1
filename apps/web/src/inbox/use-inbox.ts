import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchInboxPage, type InboxComment, type InboxEntry, type InboxItem } from './inbox-api.ts';
import { writeInboxQuery, type InboxQuery } from './inbox-query.ts';

export type InboxState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; items: InboxEntry[]; nextCursor: string | null; loadingMore: boolean; moreFailed: string | null };

/**
 * The inbox's pages for one query: the first page when the query changes, the next on
 * loadMore. An answer for a query that is no longer shown is dropped, so fast typing in the
 * search box never shows an older search's results.
 */
export function useInbox(query: InboxQuery) {
  const [state, setState] = useState<InboxState>({ status: 'loading' });
  /** A new query's first page is on its way while the old list still shows. */
  const [refreshing, setRefreshing] = useState(false);
  const key = writeInboxQuery(query);
  const currentKey = useRef(key);
  const latestQuery = useRef(query);
  latestQuery.current = query;

  const loadFirst = useCallback(async () => {
    const asked = currentKey.current;
    // The old list stays (dimmed) until the new one arrives, so the page does not jump to a placeholder and back.
    setState((previous) => (previous.status === 'loaded' ? previous : { status: 'loading' }));
    setRefreshing(true);
    const result = await fetchInboxPage(latestQuery.current, null);
    if (asked !== currentKey.current) return;
    setRefreshing(false);
    setState(
      result.ok
        ? { status: 'loaded', items: result.data.items, nextCursor: result.data.nextCursor, loadingMore: false, moreFailed: null }
        : { status: 'failed', message: result.error.msg },
    );
  }, []);

  useEffect(() => {
    currentKey.current = key;
    void loadFirst();
  }, [key, loadFirst]);

  // React runs state updaters later, so what loadMore needs now is read from a ref.
  const latestState = useRef(state);
  latestState.current = state;

  const loadMore = useCallback(async () => {
    const now = latestState.current;
    if (now.status !== 'loaded' || now.loadingMore || !now.nextCursor) return;
    const cursor = now.nextCursor;
    latestState.current = { ...now, loadingMore: true, moreFailed: null };
    setState((previous) => (previous.status === 'loaded' ? { ...previous, loadingMore: true, moreFailed: null } : previous));
    const asked = currentKey.current;
    const result = await fetchInboxPage(latestQuery.current, cursor);
    if (asked !== currentKey.current) return;
    setState((previous) => {
      if (previous.status !== 'loaded') return previous;
      if (!result.ok) return { ...previous, loadingMore: false, moreFailed: result.error.msg };
      // A message moved or deleted between pages could come twice: keep the first.
      const seen = new Set(previous.items.map((item) => item.id));
      const fresh = result.data.items.filter((item) => !seen.has(item.id));
      return { ...previous, items: [...previous.items, ...fresh], nextCursor: result.data.nextCursor, loadingMore: false };
    });
  }, []);

  /** Changes rows in place (read, renamed, moved) without asking the server again; null takes a row out. */
  const updateEntries = useCallback((ids: readonly string[], change: (entry: InboxEntry) => InboxEntry | null) => {
    setState((previous) => {
      if (previous.status !== 'loaded') return previous;
      const items: InboxEntry[] = [];
      for (const item of previous.items) {
        const next = ids.includes(item.id) ? change(item) : item;
        if (next) items.push(next);
      }
      return { ...previous, items };
    });
  }, []);

  /** Changes messages in place; comments with those ids are left as they are. */
  const update = useCallback(
    (ids: readonly string[], change: (item: InboxItem) => InboxItem | null) =>
      updateEntries(ids, (entry) => (entry.kind === 'message' ? change(entry) : entry)),
    [updateEntries],
  );

  /** Changes comments in place (read or unread). */
  const updateComments = useCallback(
    (ids: readonly string[], change: (comment: InboxComment) => InboxComment) =>
      updateEntries(ids, (entry) => (entry.kind === 'comment' ? change(entry) : entry)),
    [updateEntries],
  );

  return { state, refreshing, loadMore, reload: loadFirst, update, updateComments };
}
