import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { HeardReport, RecordingAnalytics, ViewsResponse } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { comments, listens, listenVisitors, recordings } from '../db/schema.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import type { UserRow } from './account-service.ts';
import { isPro } from './plans.ts';
import { isWritten, type RecordingService } from './recording-service.ts';
import { createKeyedHash } from './keyed-hash.ts';
import type { NotificationService } from './notification-service.ts';

/** A visitor's listens within this long count once: one visit. */
export const VISIT_MINUTES = 30;
const DAY_MS = 86_400_000;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);
/** A visitor row whose visit is over: counted again when they listen, forgotten by the sweep. */
const visitOver = lt(listenVisitors.lastCountedAt, sql`now() - make_interval(mins => ${VISIT_MINUTES})`);

/**
 * Listens: GET track/view-vocal/{id} counts one per visitor per visit (never the owner's own),
 * and GET views/{id} gives the owner (Pro) listens per day. A visitor is their address and,
 * when signed in, their account: never a header they choose, so changing the User-Agent
 * does not make a new listener. They are known only by an HMAC of these under a secret kept
 * in the database, scoped to the message: the address itself is never stored, and hashes
 * cannot be joined across messages.
 */
export function createListenService(options: {
  db: Database;
  recordings: RecordingService;
  /** For the delivery receipt: a mail the first time someone else hears a message. */
  notifications?: Pick<NotificationService, 'queueInTransaction'>;
  now?: () => Date;
}) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const keyedHash = createKeyedHash(db, 'listen-salt');

  const visitorHash = (recordingId: string, address: string, userId: number | null): Promise<string> =>
    keyedHash(recordingId, address, String(userId ?? ''));

  return {
    visitorHash,

    /**
     * Counts a listen unless it is the owner's or this visitor was counted in the last 30
     * minutes. The visitor's row is claimed with one conditional upsert, so two requests at
     * once count once.
     */
    async track(recordingId: string, visitor: { userId: number | null; address: string }) {
      const { row } = await options.recordings.publicRow(recordingId);
      if (visitor.userId === row.userId) return { counted: false };
      const hash = await visitorHash(row.id, visitor.address, visitor.userId);
      const counted = await db.transaction(async (transaction) => {
        const claimed = await transaction
          .insert(listenVisitors)
          .values({ recordingId: row.id, visitorHash: hash, lastCountedAt: sql`now()` })
          .onConflictDoUpdate({
            target: [listenVisitors.recordingId, listenVisitors.visitorHash],
            set: { lastCountedAt: sql`now()` },
            setWhere: visitOver,
          })
          .returning({ recordingId: listenVisitors.recordingId });
        if (claimed.length === 0) return false;
        const [listen] = await transaction
          .insert(listens)
          .values({ recordingId: row.id, listener: hash, heardShare: 0 })
          .returning({ id: listens.id });
        await transaction
          .update(listenVisitors)
          .set({ listenId: listen!.id })
          .where(and(eq(listenVisitors.recordingId, row.id), eq(listenVisitors.visitorHash, hash)));
        const [counted] = await transaction
          .update(recordings)
          .set({ views: sql`${recordings.views} + 1` })
          .where(eq(recordings.id, row.id))
          .returning({ views: recordings.views });
        // The first listen of a message the owner sent: its receipt. The job's key is the
        // message, so however listens race, it is queued once.
        if (counted?.views === 1 && row.origin === 'owner') {
          await options.notifications?.queueInTransaction({ event: 'first-listen', recordingId: row.id }, transaction);
        }
        return true;
      });
      // The listen of this visit, counted now or earlier in it: where its progress goes.
      const [visit] = await db
        .select({ listenId: listenVisitors.listenId })
        .from(listenVisitors)
        .where(and(eq(listenVisitors.recordingId, row.id), eq(listenVisitors.visitorHash, hash)));
      return visit?.listenId ? { counted, listen: visit.listenId } : { counted };
    },

    /**
     * POST track/heard/{id}: the furthest share of the message this listen heard. It only
     * grows (a late beacon from a paused tab never lowers it); the listen id is the key, as
     * only its listener was given it.
     */
    async heard(recordingId: string, report: HeardReport): Promise<void> {
      const updated = await db
        .update(listens)
        .set({ heardShare: sql`greatest(coalesce(${listens.heardShare}, 0), ${report.heard})` })
        .where(and(eq(listens.id, report.listen), eq(listens.recordingId, recordingId)))
        .returning({ id: listens.id });
      if (updated.length === 0) throw notFound('This listen was not counted on this message');
    },

    /**
     * Forgets visitors whose visit is over: a row only serves to recognise the same visitor
     * within 30 minutes, so keeping it longer would keep a trace of the listen for nothing.
     * Answers how many were forgotten.
     */
    async forgetFinishedVisits(): Promise<number> {
      const forgotten = await db.delete(listenVisitors).where(visitOver).returning({ recordingId: listenVisitors.recordingId });
      return forgotten.length;
    },

    /** GET views/{id}: listens per UTC day since the upload, days without any included. */
    async perDay(owner: UserRow, recordingId: string): Promise<ViewsResponse> {
      return { data: await listensPerDay(await analysedRow(owner, recordingId)) };
    },

    /**
     * GET analytics/{id}: listens (per day and in all), unique listeners, the average share
     * heard, replies and comments. Unique listeners count the listens that know their
     * listener; the share averages the listens that measured it (older listens did neither).
     */
    async analytics(owner: UserRow, recordingId: string): Promise<RecordingAnalytics> {
      const row = await analysedRow(owner, recordingId);
      const [[totals], [replyCount], [commentCount], days] = await Promise.all([
        db
          .select({
            listens: count(),
            uniqueListeners: sql<number>`count(distinct ${listens.listener})::int`,
            averageHeard: sql<number | null>`avg(${listens.heardShare})::float8`,
          })
          .from(listens)
          .where(eq(listens.recordingId, row.id)),
        db
          .select({ replies: count() })
          .from(recordings)
          .where(and(eq(recordings.replyToId, row.id), eq(recordings.status, 'uploaded'))),
        db.select({ comments: count() }).from(comments).where(eq(comments.recordingId, row.id)),
        listensPerDay(row),
      ]);
      const average = totals?.averageHeard;
      return {
        listens: Number(totals?.listens ?? 0),
        uniqueListeners: Number(totals?.uniqueListeners ?? 0),
        averageHeard: average === null || average === undefined ? null : Math.min(1, Math.max(0, Number(average))),
        replies: Number(replyCount?.replies ?? 0),
        comments: Number(commentCount?.comments ?? 0),
        days,
      };
    },
  };

  /** The owner's uploaded voice message, for its analytics: 404 for anyone else's (never saying it exists), 403 on Free. */
  async function analysedRow(owner: UserRow, recordingId: string) {
    const [row] = await db
      .select()
      .from(recordings)
      .where(and(eq(recordings.id, recordingId), eq(recordings.userId, owner.id), eq(recordings.status, 'uploaded')));
    if (!row || isWritten(row)) throw notFound('Recording not found');
    if (!isPro(owner)) throw forbidden('Listen analytics are a Pro feature. Upgrade to see who listened, day by day.');
    return row;
  }

  async function listensPerDay(row: typeof recordings.$inferSelect): Promise<ViewsResponse['data']> {
    const day = sql<string>`to_char(${listens.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const counted = await db.select({ day, views: count() }).from(listens).where(eq(listens.recordingId, row.id)).groupBy(day);
    const byDay = new Map(counted.map((entry) => [entry.day, Number(entry.views)]));
    const first = Date.parse(utcDay(row.uploadDate ?? row.createdAt));
    const last = Date.parse(utcDay(now()));
    const data: ViewsResponse['data'] = [];
    for (let time = first; time <= last; time += DAY_MS) {
      const date = utcDay(new Date(time));
      data.push({ date, views: byDay.get(date) ?? 0 });
    }
    return data;
  }
}

export type ListenService = ReturnType<typeof createListenService>;
