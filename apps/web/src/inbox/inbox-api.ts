import type { InboxComment, InboxEntry, InboxItem } from '@vocal/settings-model';
import { webApi } from '../session/web-api.ts';
import type { InboxQuery } from './inbox-query.ts';

/** How many messages one page brings: enough to fill a tall screen twice, small enough to answer fast. */
export const PAGE_SIZE = 30;

/** GET /inbox for the page's query, from `cursor` on. The one place the page talks to the inbox API. */
export function fetchInboxPage(query: InboxQuery, cursor: string | null) {
  return webApi().getInbox({
    view: query.view,
    ...(query.source ? { source: query.source } : {}),
    ...(query.folder ? { folder: query.folder } : {}),
    ...(query.q.trim() ? { q: query.q.trim() } : {}),
    ...(cursor ? { cursor } : {}),
    limit: PAGE_SIZE,
  });
}

export type { InboxComment, InboxEntry, InboxItem };
