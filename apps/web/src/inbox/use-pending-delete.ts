import { useCallback, useEffect, useRef, useState } from 'react';
import { apiBaseUrl, webApi } from '../session/web-api.ts';
import type { InboxItem } from './inbox-api.ts';

/** How long a deleted message can be brought back. */
export const UNDO_MS = 10_000;

type Pending = { item: InboxItem; timer: ReturnType<typeof setTimeout> };

/**
 * Delete with undo: the message leaves the list at once and the delete is sent when the undo
 * time is over. It is sent early, never lost, when the person deletes another message, leaves
 * the page (unmount) or closes the tab (pagehide, with a keepalive request that outlives the
 * page); Undo clears the timer first, so an undone message is never deleted.
 */
export function usePendingDelete(handlers: { onDeleted(id: string): void; onFailed(item: InboxItem, message: string): void }) {
  const [pending, setPending] = useState<InboxItem | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  const send = useCallback(async (item: InboxItem) => {
    const result = await webApi().deleteRecording(item.id);
    // Already gone (deleted in another tab) is what was asked for.
    if (result.ok || result.status === 404) handlersRef.current.onDeleted(item.id);
    else handlersRef.current.onFailed(item, result.error.msg);
  }, []);

  const flush = useCallback(() => {
    const current = pendingRef.current;
    if (!current) return;
    clearTimeout(current.timer);
    pendingRef.current = null;
    setPending(null);
    void send(current.item);
  }, [send]);

  const remove = useCallback(
    (item: InboxItem) => {
      flush();
      const timer = setTimeout(flush, UNDO_MS);
      pendingRef.current = { item, timer };
      setPending(item);
    },
    [flush],
  );

  const undo = useCallback(() => {
    const current = pendingRef.current;
    if (!current) return null;
    clearTimeout(current.timer);
    pendingRef.current = null;
    setPending(null);
    return current.item;
  }, []);

  useEffect(() => {
    const onPageHide = () => {
      const current = pendingRef.current;
      if (!current) return;
      clearTimeout(current.timer);
      pendingRef.current = null;
      const token = webApi().session.accessToken();
      void fetch(`${apiBaseUrl()}/delete/${encodeURIComponent(current.item.id)}`, {
        method: 'DELETE',
        keepalive: true,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }).catch(() => undefined);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      flush();
    };
  }, [flush]);

  return { pending, remove, undo };
}
