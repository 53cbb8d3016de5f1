import { and, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  INBOX_SOURCES,
  inboxCommentSchema,
  inboxItemSchema,
  transcriptSentences,
  type AnswerMail,
  type Answered,
  type InboxComment,
  type InboxEntry,
  type InboxItem,
  type InboxQueryParsed,
  type InboxResponse,
  type InboxSource,
  type InboxSummary,
} from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { comments, folders, recordings } from '../db/schema.ts';
import { notFound } from '../http/http-error.ts';
import { decodeInboxCursor, encodeInboxCursor, type InboxCursor } from './inbox-cursor.ts';
import { searchTerms, snippetOf, toTsQuery } from './inbox-search.ts';
import type { RecordingService } from './recording-service.ts';
import type { RecordingRow } from './recording-view.ts';

/** Everything of a row but its search document, which only the database reads. */
const { search: _search, ...rowColumns } = getTableColumns(recordings);
const parent = alias(recordings, 'parent');
const { search: _commentSearch, ...commentColumns } = getTableColumns(comments);
/** What an answer of the owner answers: a received message, or a comment. */
const answered = alias(recordings, 'answered');
const answeredComment = alias(comments, 'answered_comment');

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
    case 'comment':
      // Comments are rows of their own table: no message is one.
      return sql`false`;
  }
}

/**
 * How the sender of a received message hears of an answer: at the address they left, else at
 * their account's, when they sent it signed in (a listener's reply); else nobody can be told.
 */
export function answerMailOf(row: Pick<RecordingRow, 'origin' | 'email' | 'senderUserId' | 'userId'>): AnswerMail {
  if (row.origin === 'owner') return null;
  if (row.email) return 'address';
  return row.senderUserId !== null && row.senderUserId !== row.userId ? 'account' : null;
}

/** A comment's author hears of an answer only through their account: a comment leaves no address. */
export const commentAnswerMailOf = (comment: { userId: number | null }, ownerId: number): AnswerMail =>
  comment.userId !== null && comment.userId !== ownerId ? 'account' : null;

export function sourceOf(row: Pick<RecordingRow, 'origin' | 'audioKey' | 'message'>): Exclude<InboxSource, 'comment'> {
  if (row.origin === 'owner') return 'sent';
  if (row.origin === 'contact-form') return row.audioKey === null && row.message !== null ? 'written' : 'contact-form';
  return row.origin;
}

/** What came from someone else is unread until its owner reads it; their own is always read. */
const unreadSql = and(ne(recordings.origin, 'owner'), isNull(recordings.readAt), eq(recordings.status, 'uploaded'))!;

/** A row's time as the cursor keeps it: exact (microseconds, UTC), where a JavaScript Date would round to milliseconds. */
const cursorTime = (column: SQL | typeof recordings.uploadDate | typeof comments.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One page's rows of either table, each with its exact time, to merge in one order. */
type Ranked = { entry: InboxEntry; cursor: InboxCursor };

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
    const [unreadComments] = await db
      .select({ unread: count() })
      .from(comments)
      .innerJoin(recordings, eq(recordings.id, comments.recordingId))
      .where(and(eq(comments.ownerId, userId), eq(recordings.status, 'uploaded'), isNull(comments.readAt)));
    unreadBySource.comment = Number(unreadComments?.unread ?? 0);
    const unread = Object.values(unreadBySource).reduce((sum, value) => sum + value, 0);
    return { unread, unreadBySource };
  }

  /** The owner's messages for one page: at most `limit` + 1, from `after` on. */
  async function messagePage(
    userId: number,
    query: InboxQueryParsed,
    terms: string[] | null,
    after: InboxCursor | null,
  ): Promise<Ranked[]> {
    const conditions: SQL[] = [eq(recordings.userId, userId), eq(recordings.status, 'uploaded'), isNotNull(recordings.uploadDate)];
    if (query.view === 'sent') conditions.push(eq(recordings.origin, 'owner'));
    if (query.view === 'received') conditions.push(ne(recordings.origin, 'owner'));
    if (query.source) conditions.push(sourceCondition(query.source));
    if (query.folder === 'none') conditions.push(isNull(recordings.folderId));
    else if (query.folder !== undefined) conditions.push(eq(recordings.folderId, query.folder));
    // A host panel's list: the answers to the owner's messages made in that conversation. What
    // keeps it to the caller's is the owner condition above (a reply is stored in the account of
    // the message it answers); parent.userId says it again so that the parents are found through
    // recordings_conversation_idx (user_id, conversation_key): on conversation_key alone,
    // PostgreSQL 15 and 16 read that whole index, every account's rows, on each panel poll.
    if (query.conversation !== undefined) conditions.push(eq(parent.conversationKey, query.conversation), eq(parent.userId, userId));
    if (terms) conditions.push(sql`${recordings.search} @@ to_tsquery('simple', ${toTsQuery(terms)})`);
    // Keyset: strictly older than the last row of the previous page, ties broken by id; at the
    // same time, messages come before comments, so after a comment only older messages are left.
    if (after?.kind === 'comment') conditions.push(sql`${recordings.uploadDate} < ${after.date}::timestamptz`);
    else if (after) conditions.push(sql`(${recordings.uploadDate}, ${recordings.id}) < (${after.date}::timestamptz, ${after.id})`);

    const rows = await db
      .select({
        row: rowColumns,
        cursorDate: cursorTime(recordings.uploadDate),
        replyToTitle: parent.subject,
        replyCount: sql<number>`(select count(*)::int from ${recordings} as replies where replies.reply_to_id = ${recordings.id} and replies.status = 'uploaded')`,
        answered: { id: answered.id, status: answered.status, senderName: answered.senderName, email: answered.email },
        answeredComment: { id: answeredComment.id, recordingId: answeredComment.recordingId, name: answeredComment.name },
      })
      .from(recordings)
      .leftJoin(parent, eq(parent.id, recordings.replyToId))
      .leftJoin(answered, eq(answered.id, recordings.answersId))
      .leftJoin(answeredComment, eq(answeredComment.id, recordings.answersCommentId))
      .where(and(...conditions))
      .orderBy(desc(recordings.uploadDate), desc(recordings.id))
      .limit(query.limit + 1);

    return Promise.all(
      rows.map(
        async ({ row, cursorDate, replyToTitle, replyCount, answered: answeredRow, answeredComment: commentRow }): Promise<Ranked> => {
          const source = sourceOf(row);
          const text =
            row.message ??
            (row.transcription
              ? transcriptSentences(row.transcription)
                  .map((sentence) => sentence.text)
                  .join(' ')
              : null);
          // A message deleted meanwhile is no longer one to point at (its row goes with its files).
          const answers: Answered | null =
            answeredRow?.id && answeredRow.status !== 'deleted'
              ? { kind: 'message', id: answeredRow.id, senderName: answeredRow.senderName, email: answeredRow.email }
              : commentRow?.id
                ? { kind: 'comment', id: commentRow.id, recordingId: commentRow.recordingId, name: commentRow.name }
                : null;
          const item: InboxItem = inboxItemSchema.parse({
            ...(await options.recordings.toRecording({ ...row, search: '' })),
            kind: 'message',
            source,
            read: source === 'sent' || row.readAt !== null,
            replyToTitle: row.replyToId ? replyToTitle : null,
            replyCount: Number(replyCount),
            snippet: text ? snippetOf(text, terms ?? []) : null,
            answerMail: answerMailOf(row),
            answers,
            answerMailedAt: row.answerMailedAt?.toISOString() ?? null,
          });
          return { entry: item, cursor: { date: cursorDate, id: row.id } };
        },
      ),
    );
  }

  /** Comments under the owner's messages for one page (none for Sent or another source): at most `limit` + 1, from `after` on. */
  async function commentPage(
    userId: number,
    query: InboxQueryParsed,
    terms: string[] | null,
    after: InboxCursor | null,
  ): Promise<Ranked[]> {
    if (query.view === 'sent' || (query.source !== undefined && query.source !== 'comment')) return [];
    // By the owner's index, newest first: a page reads about a page of rows however many there are.
    const conditions: SQL[] = [eq(comments.ownerId, userId), eq(recordings.status, 'uploaded'), isNotNull(recordings.uploadDate)];
    // A folder holds messages; a message's comments are where it is.
    if (query.folder === 'none') conditions.push(isNull(recordings.folderId));
    else if (query.folder !== undefined) conditions.push(eq(recordings.folderId, query.folder));
    if (query.conversation !== undefined) conditions.push(eq(recordings.conversationKey, query.conversation));
    if (terms) conditions.push(sql`${comments.search} @@ to_tsquery('simple', ${toTsQuery(terms)})`);
    if (after?.kind === 'comment')
      conditions.push(sql`(${comments.createdAt}, ${comments.id}) < (${after.date}::timestamptz, ${after.id}::uuid)`);
    else if (after) conditions.push(sql`${comments.createdAt} <= ${after.date}::timestamptz`);

    const rows = await db
      .select({
        comment: commentColumns,
        cursorDate: cursorTime(comments.createdAt),
        subject: recordings.subject,
        uploadDate: recordings.uploadDate,
      })
      .from(comments)
      .innerJoin(recordings, eq(recordings.id, comments.recordingId))
      .where(and(...conditions))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(query.limit + 1);

    return rows.map(({ comment, cursorDate, subject, uploadDate }): Ranked => {
      const entry: InboxComment = inboxCommentSchema.parse({
        kind: 'comment',
        source: 'comment',
        id: comment.id,
        name: comment.name,
        text: comment.text,
        createdAt: comment.createdAt.toISOString(),
        read: comment.readAt !== null,
        recordingId: comment.recordingId,
        recordingSubject: subject,
        recordingDate: (uploadDate ?? comment.createdAt).toISOString(),
        answerMail: commentAnswerMailOf(comment, userId),
      });
      return { entry, cursor: { date: cursorDate, id: comment.id, kind: 'comment' } };
    });
  }

  return {
    /**
     * GET inbox: one page for the query, and the cursor of the next one. Messages and comments
     * come from their own tables, each a page long, and are merged by time: newest first, and
     * at the same time a message before a comment, the order both keysets follow.
     */
    async list(userId: number, query: InboxQueryParsed): Promise<InboxResponse> {
      const after = query.cursor === undefined ? null : decodeInboxCursor(query.cursor);
      const terms = query.q === undefined ? null : searchTerms(query.q);
      // A search with no letter or digit in it ("?!") matches nothing, as it would in any search box.
      if (terms !== null && terms.length === 0) return { items: [], nextCursor: null };
      if (query.folder !== undefined && query.folder !== 'none') await requireFolder(userId, query.folder);

      const messages = query.source === 'comment' ? [] : await messagePage(userId, query, terms, after);
      const commentRows = await commentPage(userId, query, terms, after);
      const merged: Ranked[] = [];
      let m = 0;
      let c = 0;
      while (merged.length <= query.limit && (m < messages.length || c < commentRows.length)) {
        const message = messages[m];
        const comment = commentRows[c];
        // Times are fixed-width UTC text: ordered as text is ordered.
        if (message && (!comment || message.cursor.date >= comment.cursor.date)) {
          merged.push(message);
          m++;
        } else if (comment) {
          merged.push(comment);
          c++;
        }
      }
      const page = merged.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor = merged.length > query.limit && last ? encodeInboxCursor(last.cursor) : null;
      return { items: page.map((ranked) => ranked.entry), nextCursor };
    },

    summary,

    /**
     * POST inbox/read: every id must be the caller's message, and every comment id a comment
     * under one, or nothing changes (404). The owner's own messages and comments are always
     * read; marking them unread changes nothing.
     */
    async markRead(userId: number, ids: string[], read: boolean, commentIds: string[] = []): Promise<{ unread: number }> {
      const unique = [...new Set(ids)];
      const uniqueComments = [...new Set(commentIds)];
      const readAt = read ? sql`coalesce(read_at, ${now().toISOString()}::timestamptz)` : null;
      await db.transaction(async (transaction) => {
        if (unique.length > 0) {
          const [owned] = await transaction
            .select({ found: count() })
            .from(recordings)
            .where(and(eq(recordings.userId, userId), eq(recordings.status, 'uploaded'), inArray(recordings.id, unique)));
          if (Number(owned?.found ?? 0) !== unique.length) {
            throw notFound(
              unique.length === 1 ? 'Recording not found' : 'One or more of these recordings were not found; none was changed',
            );
          }
        }
        if (uniqueComments.length > 0) {
          const [owned] = await transaction
            .select({ found: count() })
            .from(comments)
            .innerJoin(recordings, eq(recordings.id, comments.recordingId))
            .where(and(eq(recordings.userId, userId), eq(recordings.status, 'uploaded'), inArray(comments.id, uniqueComments)));
          if (Number(owned?.found ?? 0) !== uniqueComments.length) {
            throw notFound(
              uniqueComments.length === 1 ? 'Comment not found' : 'One or more of these comments were not found; none was changed',
            );
          }
        }
        // The first reading counts: marking read again keeps when it was first read.
        if (unique.length > 0) {
          await transaction
            .update(recordings)
            .set({ readAt })
            .where(and(eq(recordings.userId, userId), ne(recordings.origin, 'owner'), inArray(recordings.id, unique)));
        }
        // The owner's own comments are read, as their own messages are.
        if (uniqueComments.length > 0) {
          await transaction
            .update(comments)
            .set({ readAt })
            .where(and(inArray(comments.id, uniqueComments), or(isNull(comments.userId), ne(comments.userId, userId))));
        }
      });
      return { unread: (await summary(userId)).unread };
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
