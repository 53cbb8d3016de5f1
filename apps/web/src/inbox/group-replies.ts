import type { InboxEntry } from '@vocal/settings-model';

/**
 * A conversation sits under the message it began with when that message is on the page, like a
 * thread: replies to it, comments under it, and the owner's answers to any of those. The thread
 * takes the place of its newest member, so a new reply or comment on an old message is seen at
 * the top. A member whose message is not on the page (another filter, an older page) stays on
 * its own and says what it belongs to.
 */
export type Thread<Item> = { item: Item; replies: Item[] };

/**
 * What a row belongs under: a reply under the message it answers, a comment under its message,
 * an answer under what it answers. Nothing else is nested, whatever else it points at.
 */
export function parentOf(entry: InboxEntry): string | null {
  if (entry.kind === 'comment') return entry.recordingId;
  if (entry.answers) return entry.answers.id;
  return entry.source === 'reply' ? entry.replyTo : null;
}

export function groupReplies<Item extends { id: string }>(
  items: readonly Item[],
  parentOfItem: (item: Item) => string | null,
): Thread<Item>[] {
  const onPage = new Map(items.map((item) => [item.id, item]));
  // The oldest ancestor on the page: an answer to a reply joins the thread of the reply's message.
  const rootOf = (item: Item) => {
    let current = item;
    const seen = new Set([item.id]);
    for (;;) {
      const parentId = parentOfItem(current);
      const parent = parentId === null ? undefined : onPage.get(parentId);
      if (!parent || seen.has(parent.id)) return current;
      seen.add(parent.id);
      current = parent;
    }
  };
  const threads = new Map<string, Thread<Item>>();
  const order: Thread<Item>[] = [];
  for (const item of items) {
    const root = rootOf(item);
    let thread = threads.get(root.id);
    if (!thread) {
      thread = { item: root, replies: [] };
      threads.set(root.id, thread);
      order.push(thread);
    }
    if (root !== item) thread.replies.push(item);
  }
  // Inside a thread, members read oldest first, as a conversation does.
  for (const thread of order) thread.replies.reverse();
  return order;
}
