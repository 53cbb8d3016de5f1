import { and, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  INBOX_SOURCES,
  inboxItemSchema,
  transcriptSentences,
  type InboxItem,
  type InboxQueryParsed,
  type InboxResponse,
  type InboxSource,
  type InboxSummary,
} from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { folders, recordings } from '../db/schema.ts';
import { notFound } from '../http/http-error.ts';
import { decodeInboxCursor, encodeInboxCursor } from './inbox-cursor.ts';
import { searchTerms, snippetOf, toTsQuery } from './inbox-search.ts';
import type { RecordingRow, RecordingService } from './recording-service.ts';

/** Everything of a row but its search document, which only the database reads. */
const { search: _search, ...rowColumns } = getTableColumns(recordings);
const parent = alias(recordings, 'parent');

/** A written contact-form message: no audio, only text (as recording-service's isWritten). */
const writtenSql = sql`(${recordings.audioKey} is null and ${recordings.message} is not null)`;

/** The condition a source filter adds. */
function sourceCondition(source: InboxSource): SQL {
  switch (source) {
    case 'sent':
      return eq(recordings.origin, 'owner');
    case 'reply':
      return eq(recordings.origin, 'reply');
    case 'collect':
      return eq(recordings.origin, 'collect');
    case 'contact-form':
      return and(eq(recordings.origin, 'contact-form'), sql`not ${writtenSql}`)!;
    case 'written':
      return and(eq(recordings.origin, 'contact-form'), writtenSql)!;
  }
}

export function sourceOf(row: Pick<RecordingRow, 'origin' | 'audioKey' | 'message'>): InboxSource {
  if (row.origin === 'owner') return 'sent';
  if (row.origin === 'contact-form') return row.audioKey === null && row.message !== null ? 'written' : 'contact-form';
  return row.origin;
}

/** What came from someone else is unread until its owner reads it; their own is always read. */
const unreadSql = and(ne(recordings.origin, 'owner'), isNull(recordings.readAt), eq(recordings.status, 'uploaded'))!;

/**
 * The inbox: the owner's messages and what others sent them, one page at a time, newest
 * first, with where each came from and whether it was read (decision 0017).
 */
export function createInboxService(options: { db: Database; recordings: RecordingService; now?: () => Date }) {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  async function requireFolder(userId: number, folderId: string) {
    const [folder] = await db
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.id, folderId), eq(folders.userId, userId)));
    // Someone else's folder is "not found" too: its existence is not ours to reveal.
    if (!folder) throw notFound('Folder not found');
  }

  async function summary(userId: number): Promise<InboxSummary> {
    const rows = await db
      .select({ origin: recordings.origin, written: sql<boolean>`${writtenSql}`, unread: count() })
      .from(recordings)
      .where(and(eq(recordings.userId, userId), unreadSql))
      .groupBy(recordings.origin, writtenSql);
    const unreadBySource = Object.fromEntries(INBOX_SOURCES.map((source) => [source, 0])) as Record<InboxSource, number>;
    for (const row of rows) {
      const source = sourceOf({ origin: row.origin, audioKey: row.written ? null : '', message: row.written ? '' : null });
      unreadBySource[source] += Number(row.unread);
    }
    const unread = Object.values(unreadBySource).reduce((sum, value) => sum + value, 0);
    return { unread, unreadBySource };
  }

  return {
    /** GET inbox: one page for the query, and the cursor of the next one. */
    async list(userId: number, query: InboxQueryParsed): Promise<InboxResponse> {
      const after = query.cursor === undefined ? null : decodeInboxCursor(query.cursor);
      const terms = query.q === undefined ? null : searchTerms(query.q);
      // A search with no letter or digit in it ("?!") matches nothing, as it would in any search box.
      if (terms !== null && terms.length === 0) return { items: [], nextCursor: null };
      if (query.folder !== undefined && query.folder !== 'none') await requireFolder(userId, query.folder);

      const conditions: SQL[] = [eq(recordings.userId, userId), eq(recordings.status, 'uploaded'), isNotNull(recordings.uploadDate)];
      if (query.view === 'sent') conditions.push(eq(recordings.origin, 'owner'));
      if (query.view === 'received') conditions.push(ne(recordings.origin, 'owner'));
      if (query.source) conditions.push(sourceCondition(query.source));
      if (query.folder === 'none') conditions.push(isNull(recordings.folderId));
      else if (query.folder !== undefined) conditions.push(eq(recordings.folderId, query.folder));
      if (terms) conditions.push(sql`${recordings.search} @@ to_tsquery('simple', ${toTsQuery(terms)})`);
      // Keyset: strictly older than the last item of the previous page, ties broken by id.
      if (after) conditions.push(sql`(${recordings.uploadDate}, ${recordings.id}) < (${after.date}::timestamptz, ${after.id})`);

      const rows = await db
        .select({
          row: rowColumns,
          // The exact stored time (microseconds, UTC): a JavaScript Date would round it to milliseconds.
          cursorDate: sql<string>`to_char(${recordings.uploadDate} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          replyToTitle: parent.subject,
          replyCount: sql<number>`(select count(*)::int from ${recordings} as replies where replies.reply_to_id = ${recordings.id} and replies.status = 'uploaded')`,
        })
        .from(recordings)
        .leftJoin(parent, eq(parent.id, recordings.replyToId))
        .where(and(...conditions))
        .orderBy(desc(recordings.uploadDate), desc(recordings.id))
        .limit(query.limit + 1);

      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const items = page.map(({ row, replyToTitle, replyCount }): InboxItem => {
        const source = sourceOf(row);
        const text =
          row.message ??
          (row.transcription
            ? transcriptSentences(row.transcription)
                .map((sentence) => sentence.text)
                .join(' ')
            : null);
        return inboxItemSchema.parse({
          ...options.recordings.toRecording({ ...row, search: '' }),
          source,
          read: source === 'sent' || row.readAt !== null,
          replyToTitle: row.replyToId ? replyToTitle : null,
          replyCount: Number(replyCount),
          snippet: text ? snippetOf(text, terms ?? []) : null,
        });
      });
      const nextCursor = rows.length > query.limit && last ? encodeInboxCursor({ date: last.cursorDate, id: last.row.id }) : null;
      return { items, nextCursor };
    },

    summary,

    /**
     * POST inbox/read: every id must be the caller's message, or nothing changes (404). The
     * owner's own messages are always read; marking them unread changes nothing.
     */
    async markRead(userId: number, ids: string[], read: boolean): Promise<{ unread: number }> {
      const unique = [...new Set(ids)];
      await db.transaction(async (transaction) => {
        const [owned] = await transaction
          .select({ found: count() })
          .from(recordings)
          .where(and(eq(recordings.userId, userId), eq(recordings.status, 'uploaded'), inArray(recordings.id, unique)));
        if (Number(owned?.found ?? 0) !== unique.length) {
          throw notFound(unique.length === 1 ? 'Recording not found' : 'One or more of these recordings were not found; none was changed');
        }
        await transaction
          .update(recordings)
          // The first reading counts: marking read again keeps when it was first read.
          .set({ readAt: read ? sql`coalesce(${recordings.readAt}, ${now().toISOString()}::timestamptz)` : null })
          .where(and(eq(recordings.userId, userId), ne(recordings.origin, 'owner'), inArray(recordings.id, unique)));
      });
      return { unread: (await summary(userId)).unread };
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
