import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter } from '@vocal/host-contract';
import type { ConversationKey, InboxEntry } from '@vocal/settings-model';

/**
 * How often an open panel asks for new replies while it is visible. A listener's answer is
 * minutes, not seconds, after the message; the panel also asks the moment it is shown again
 * or focused, which is when an agent looks.
 */
export const REPLIES_POLL_MS = 30_000;

/** The replies the panel shows: none asked for yet, or the latest list for its conversation. */
export type ConversationReplies = {
  /** The conversation the host names now; null where it names none (the section is absent). */
  conversation: ConversationKey | null;
  /** Newest first; null until the first answer. */
  entries: InboxEntry[] | null;
  /** Why the last refresh failed, shown until one succeeds. */
  error: string | null;
  unread: number;
  /** Asks at once (after a reply was marked heard elsewhere, say). */
  refresh(): Promise<void>;
  /** Marks one reply heard (a comment read), at once on screen and then on the server. */
  markHeard(entry: InboxEntry): Promise<void>;
};

export type ConversationRepliesOptions = {
  api: Pick<ApiClient, 'getInbox' | 'markRead'>;
  host: HostAdapter;
  pollMs?: number;
  /** The page's document and window, for visibility and focus (tests pass their own). */
  document?: Document;
  window?: Window;
};

const PAGE_SIZE = 20;

/**
 * The answers that came back to messages recorded in the conversation the panel is open
 * beside. Each refresh asks the host where it is (Front and a pinned Outlook pane move with the
 * person) and then GET inbox?conversation=…; polling pauses while the panel is hidden.
 */
export function useConversationReplies(options: ConversationRepliesOptions): ConversationReplies {
  const { api, host } = options;
  const pollMs = options.pollMs ?? REPLIES_POLL_MS;
  const [conversation, setConversation] = useState<ConversationKey | null>(null);
  const [entries, setEntries] = useState<InboxEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const shown = useRef<ConversationKey | null>(null);

  const refresh = useCallback(async () => {
    const asked = ++latest.current;
    const context = await host.ready().catch(() => ({}) as Awaited<ReturnType<HostAdapter['ready']>>);
    const key = context.conversation ?? null;
    if (asked !== latest.current) return;
    if (shown.current !== key) {
      // Another ticket or thread: nothing of the last one may stay on screen.
      shown.current = key;
      setEntries(null);
      setError(null);
    }
    setConversation(key);
    if (!key) return;
    const result = await api.getInbox({ conversation: key, limit: PAGE_SIZE });
    if (asked !== latest.current) return;
    if (result.ok) {
      setEntries(result.data.items);
      setError(null);
    } else if (result.status !== 401) {
      setError(
        result.status === 0 ? 'Replies could not be loaded: you seem to be offline.' : `Replies could not be loaded (${result.error.msg}).`,
      );
    }
  }, [api, host]);

  useEffect(() => {
    const doc = options.document ?? document;
    const win = options.window ?? window;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = stopped || doc.hidden ? null : setTimeout(tick, pollMs);
    };
    const tick = () => {
      void refresh().finally(schedule);
    };
    const onShown = () => {
      if (!doc.hidden) tick();
    };
    tick();
    doc.addEventListener('visibilitychange', onShown);
    win.addEventListener('focus', onShown);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      doc.removeEventListener('visibilitychange', onShown);
      win.removeEventListener('focus', onShown);
    };
  }, [refresh, pollMs, options.document, options.window]);

  const markHeard = useCallback(
    async (entry: InboxEntry) => {
      setEntries((current) => current?.map((item) => (item.id === entry.id ? { ...item, read: true } : item)) ?? null);
      const result = entry.kind === 'comment' ? await api.markRead([], true, [entry.id]) : await api.markRead([entry.id]);
      if (!result.ok) {
        setEntries((current) => current?.map((item) => (item.id === entry.id ? { ...item, read: false } : item)) ?? null);
        setError(`It could not be marked as heard (${result.error.msg}).`);
      }
    },
    [api],
  );

  const unread = entries?.filter((entry) => !entry.read).length ?? 0;
  return { conversation, entries, error, unread, refresh, markHeard };
}
