import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { ViewsResponse } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { listens, listenVisitors, recordings } from '../db/schema.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import type { UserRow } from './account-service.ts';
import { isPro } from './plans.ts';
import { isWritten, type RecordingService } from './recording-service.ts';
import { createKeyedHash } from './keyed-hash.ts';

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
export function createListenService(options: { db: Database; recordings: RecordingService; now?: () => Date }) {
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
        await transaction.insert(listens).values({ recordingId: row.id });
        await transaction
          .update(recordings)
          .set({ views: sql`${recordings.views} + 1` })
          .where(eq(recordings.id, row.id));
        return true;
      });
      return { counted };
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
      const [row] = await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.id, recordingId), eq(recordings.userId, owner.id), eq(recordings.status, 'uploaded')));
      if (!row || isWritten(row)) throw notFound('Recording not found');
      if (!isPro(owner)) throw forbidden('Listen analytics are a Pro feature. Upgrade to see who listened, day by day.');
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
      return { data };
    },
  };
}

export type ListenService = ReturnType<typeof createListenService>;
