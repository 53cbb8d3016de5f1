import { z } from 'zod';
import { INBOX_QUERY_MAX_LENGTH, INBOX_VIEWS, uuidSchema, type InboxView } from '@vocal/settings-model';

/** The sources a filter can pick; the order is the order of the filter bar. */
export const FILTER_SOURCES = ['reply', 'comment', 'contact-form', 'collect', 'written'] as const;
export type FilterSource = (typeof FILTER_SOURCES)[number];

/**
 * What the inbox shows, kept in the address (?view=&source=&folder=&q=) so a reload, Back and a
 * shared link all land on the same list. Anything unreadable in the address is dropped rather
 * than refused: a stale bookmark still opens the inbox.
 */
export type InboxQuery = {
  view: InboxView;
  source: FilterSource | null;
  /** A folder's id, 'none' for messages in no folder, null for every folder. */
  folder: string | null;
  q: string;
};

export const EMPTY_QUERY: InboxQuery = { view: 'all', source: null, folder: null, q: '' };

const folderSchema = z.union([z.literal('none'), uuidSchema]);

export function readInboxQuery(search: string): InboxQuery {
  const params = new URLSearchParams(search);
  const view = z.enum(INBOX_VIEWS).safeParse(params.get('view'));
  const source = z.enum(FILTER_SOURCES).safeParse(params.get('source'));
  const folder = folderSchema.safeParse(params.get('folder'));
  return {
    // A source is always a received message, whatever the address says about the view.
    view: source.success ? 'received' : view.success ? view.data : 'all',
    source: source.success ? source.data : null,
    folder: folder.success ? folder.data : null,
    q: (params.get('q') ?? '').slice(0, INBOX_QUERY_MAX_LENGTH),
  };
}

/** The address's search part for a query; defaults are left out so the plain inbox is plain /recordings. */
export function writeInboxQuery(query: InboxQuery): string {
  const params = new URLSearchParams();
  if (query.source) params.set('source', query.source);
  else if (query.view !== 'all') params.set('view', query.view);
  if (query.folder) params.set('folder', query.folder);
  if (query.q.trim()) params.set('q', query.q);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The filter the bar shows as chosen: a source when one is picked, else the view. */
export type FilterKey = InboxView | FilterSource;

export function filterKeyOf(query: InboxQuery): FilterKey {
  return query.source ?? query.view;
}

export function withFilter(query: InboxQuery, key: FilterKey): InboxQuery {
  return (INBOX_VIEWS as readonly string[]).includes(key)
    ? { ...query, view: key as InboxView, source: null }
    : { ...query, view: 'received', source: key as FilterSource };
}
