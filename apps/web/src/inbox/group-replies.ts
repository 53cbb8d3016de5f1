/**
 * Replies sit under the message they answer when that message is on the page, like a thread:
 * the thread takes the place of its newest member, so a new reply to an old message is seen
 * at the top. A reply whose message is not on the page (another filter, an older page) stays
 * on its own and says which message it answers.
 */
export type Thread<Item> = { item: Item; replies: Item[] };

export function groupReplies<Item extends { id: string; replyTo: string | null; source: string }>(items: readonly Item[]): Thread<Item>[] {
  const onPage = new Map(items.map((item) => [item.id, item]));
  const threads = new Map<string, Thread<Item>>();
  const order: Thread<Item>[] = [];
  for (const item of items) {
    const parentId = item.source === 'reply' && item.replyTo && onPage.has(item.replyTo) ? item.replyTo : null;
    const key = parentId ?? item.id;
    let thread = threads.get(key);
    if (!thread) {
      thread = { item: onPage.get(key) as Item, replies: [] };
      threads.set(key, thread);
      order.push(thread);
    }
    if (parentId) thread.replies.push(item);
  }
  // Inside a thread, replies read oldest first, as a conversation does.
  for (const thread of order) thread.replies.reverse();
  return order;
}
