import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { HeardReport, RecordingAnalytics, ViewsResponse } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { comments, listens, listenVisitors, recordings } from '../db/schema.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import type { UserRow } from '../accounts/account-service.ts';
import { isPro } from '../billing/plans.ts';
import { type RecordingService } from '../recordings/recording-service.ts';
import { isWritten } from '../recordings/recording-view.ts';
import { createKeyedHash } from '../common/keyed-hash.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { Logger } from '../logger.ts';
import { rowsOf } from '../db/raw-rows.ts';
import type { Transaction } from '../jobs/job-queue.ts';
import type { WebhookService } from '../automation/webhook-service.ts';

/**
 * A listen counted and answered, written with the next batch. `claimed`: its visitor row was
 * already claimed in the database (immediate writes); otherwise the batch claims it.
 */
type PendingListen = { recordingId: string; listenId: string; listener: string; origin: string; claimed: boolean };

/** A visitor's listens within this long count once: one visit. */
export const VISIT_MINUTES = 30;
const VISIT_MS = VISIT_MINUTES * 60_000;
const DAY_MS = 86_400_000;
/**
 * Visitors this process remembers counting (about 150 bytes each). Beyond it the oldest are
 * forgotten, and a returning one is settled by the database in the next batch, as if they had
 * come through another process.
 */
const REMEMBERED_VISITS = 100_000;
/**
 * Listens written per transaction: a second's worth of a viral message is thousands, and a
 * statement may carry at most 65,535 parameters (five a listen); short transactions also keep
 * PGlite, which runs one at a time, free for the requests between them.
 */
const LISTENS_PER_BATCH = 1000;

/** An array as one parameter (drizzle would otherwise spread it into a list of parameters). */
const arrayParam = (values: string[]) => sql.param(values);
const visitKey = (recordingId: string, visitorHash: string) => `${recordingId}\n${visitorHash}`;
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
  /** Told of a message's first listen (message.first_listen). */
  webhooks?: Pick<WebhookService, 'emitInTransaction'>;
  /** Forgotten for a message once its listens are written, so its count is exact. */
  publicPages?: { forget(id: string): void };
  /** Wakes the job worker once a batch has queued a receipt, so the mail goes at once. */
  wakeJobs?: () => void;
  /** How often counted listens are written in one batch; 0 writes each before answering. */
  flushEveryMs?: number;
  logger?: Logger;
  now?: () => Date;
}) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const keyedHash = createKeyedHash(db, 'listen-salt');

  const visitorHash = (recordingId: string, address: string, userId: number | null): Promise<string> =>
    keyedHash(recordingId, address, String(userId ?? ''));

  const flushEveryMs = options.flushEveryMs ?? 0;
  /** Listens counted and answered, not written yet. */
  let pending: PendingListen[] = [];
  /** One batch at a time: each waits for the one before it. */
  let flushing: Promise<void> = Promise.resolve();
  /** Visits this process counted (message and visitor hash → their listen, when counted), oldest first. */
  const countedVisits = new Map<string, { listenId: string; countedAt: number }>();
  /**
   * Listen ids this process answered whose visit another process had already counted: the
   * batch found the visitor's row claimed, so their progress goes to that listen instead.
   */
  const sameVisitAs = new Map<string, string>();

  function rememberVisit(key: string, visit: { listenId: string; countedAt: number }) {
    countedVisits.delete(key);
    countedVisits.set(key, visit);
    if (countedVisits.size > REMEMBERED_VISITS) countedVisits.delete(countedVisits.keys().next().value!);
  }
  let timer: NodeJS.Timeout | null = flushEveryMs > 0 ? setInterval(() => void flush().catch(reportFlushFailure), flushEveryMs) : null;
  // A timer alone must not keep a process (a test, a command) alive.
  timer?.unref();

  function reportFlushFailure(error: unknown) {
    options.logger?.error('Counted listens could not be written; they are tried again with the next batch', {
      error: error instanceof Error ? error.message : String(error),
    });
  }

  /**
   * Writes every counted listen in one transaction: the listens, each message's count (one
   * update per message, however many listens it had) and the first-listen receipt. The
   * messages' public pages are forgotten, so their counts are exact on the next read. A batch
   * that fails goes back in front of the queue.
   */
  function flush(): Promise<void> {
    flushing = flushing
      .catch(() => undefined)
      .then(async () => {
        while (pending.length > 0) {
          const batch = pending.slice(0, LISTENS_PER_BATCH);
          pending = pending.slice(batch.length);
          try {
            if (await writeBatch(batch)) options.wakeJobs?.();
          } catch (error) {
            pending = [...batch, ...pending];
            throw error;
          }
          for (const recordingId of new Set(batch.map((listen) => listen.recordingId))) options.publicPages?.forget(recordingId);
        }
      });
    return flushing;
  }

  /** Answers whether it queued a receipt. */
  async function writeBatch(batch: PendingListen[]): Promise<boolean> {
    let receipts = false;
    await db.transaction(async (transaction) => {
      // A message deleted since (its row gone with its listens) takes its listens with it.
      const ids = [...new Set(batch.map((listen) => listen.recordingId))];
      const present = new Set(
        (await transaction.select({ id: recordings.id }).from(recordings).where(inArray(recordings.id, ids))).map((row) => row.id),
      );
      let kept = batch.filter((listen) => present.has(listen.recordingId));
      kept = await claimVisits(transaction, kept);
      if (kept.length === 0) return;
      // One statement with four array parameters, however many listens: building a row of
      // parameters per listen cost more than the write.
      await transaction.execute(sql`
        insert into ${listens} (id, recording_id, listener, heard_share)
        select id, recording_id, listener, 0 from unnest(${arrayParam(kept.map((listen) => listen.listenId))}::uuid[],
          ${arrayParam(kept.map((listen) => listen.recordingId))}::text[], ${arrayParam(kept.map((listen) => listen.listener))}::text[])
          as batch(id, recording_id, listener)`);
      const perMessage = new Map<string, { count: number; origin: string }>();
      for (const listen of kept) {
        const entry = perMessage.get(listen.recordingId) ?? { count: 0, origin: listen.origin };
        entry.count++;
        perMessage.set(listen.recordingId, entry);
      }
      for (const [recordingId, { count: added, origin }] of perMessage) {
        const [counted] = await transaction
          .update(recordings)
          .set({ views: sql`${recordings.views} + ${added}` })
          .where(eq(recordings.id, recordingId))
          .returning({ views: recordings.views });
        // The first listen of a message the owner sent: its receipt. The job's key is the
        // message, so however listens race, it is queued once.
        if (counted && counted.views === added && origin === 'owner') {
          await options.notifications?.queueInTransaction({ event: 'first-listen', recordingId }, transaction);
          if (options.webhooks) {
            const [owner] = await transaction.select({ userId: recordings.userId }).from(recordings).where(eq(recordings.id, recordingId));
            if (owner) await options.webhooks.emitInTransaction(owner.userId, 'message.first_listen', { id: recordingId }, transaction);
          }
          receipts = true;
        }
      }
    });
    return receipts;
  }

  /**
   * Claims the visitor rows of listens counted in memory, in one statement: a row is claimed
   * when it is new or its visit is over. A row another process claimed within the visit is that
   * visit's listen: this one is dropped and its id points there. Answers the listens to write.
   */
  async function claimVisits(transaction: Transaction, batch: PendingListen[]): Promise<PendingListen[]> {
    const unclaimed = new Map<string, PendingListen>();
    const duplicates: PendingListen[] = [];
    for (const listen of batch) {
      if (listen.claimed) continue;
      const key = visitKey(listen.recordingId, listen.listener);
      // The same visitor twice in one batch (their remembered visit was forgotten): one visit.
      if (unclaimed.has(key)) duplicates.push(listen);
      else unclaimed.set(key, listen);
    }
    if (unclaimed.size === 0 && duplicates.length === 0) return batch;
    const won = new Set<string>();
    const claims = [...unclaimed.values()];
    if (claims.length > 0) {
      const rows = await transaction.execute(sql`
        insert into ${listenVisitors} (recording_id, visitor_hash, last_counted_at, listen_id)
        select recording_id, visitor_hash, now(), listen_id from unnest(${arrayParam(claims.map((listen) => listen.recordingId))}::text[],
          ${arrayParam(claims.map((listen) => listen.listener))}::text[], ${arrayParam(claims.map((listen) => listen.listenId))}::uuid[])
          as batch(recording_id, visitor_hash, listen_id)
        on conflict (recording_id, visitor_hash) do update set last_counted_at = now(), listen_id = excluded.listen_id
          where ${listenVisitors.lastCountedAt} < now() - make_interval(mins => ${VISIT_MINUTES})
        returning listen_id`);
      for (const row of rowsOf(rows)) if (row.listen_id) won.add(String(row.listen_id));
    }
    const lost = [...claims.filter((listen) => !won.has(listen.listenId)), ...duplicates];
    if (lost.length > 0) {
      const holders = await transaction.execute(sql`
        select visitors.recording_id, visitors.visitor_hash, visitors.listen_id from ${listenVisitors} visitors
        join unnest(${arrayParam(lost.map((listen) => listen.recordingId))}::text[], ${arrayParam(lost.map((listen) => listen.listener))}::text[])
          as lost(recording_id, visitor_hash) using (recording_id, visitor_hash)`);
      const holderOf = new Map(
        rowsOf(holders).map((row) => [visitKey(String(row.recording_id), String(row.visitor_hash)), String(row.listen_id)]),
      );
      for (const listen of lost) {
        const holder = holderOf.get(visitKey(listen.recordingId, listen.listener));
        if (!holder) continue;
        rememberReplaced(listen.listenId, holder);
        const key = visitKey(listen.recordingId, listen.listener);
        const remembered = countedVisits.get(key);
        if (remembered?.listenId === listen.listenId) countedVisits.set(key, { ...remembered, listenId: holder });
      }
    }
    const dropped = new Set(lost);
    return batch.filter((listen) => !dropped.has(listen));
  }

  function rememberReplaced(listenId: string, holder: string) {
    sameVisitAs.set(listenId, holder);
    if (sameVisitAs.size > REMEMBERED_VISITS) sameVisitAs.delete(sameVisitAs.keys().next().value!);
  }

  return {
    visitorHash,

    /**
     * Counts a listen unless it is the owner's or this visitor was counted in the last 30
     * minutes. The visitor's row is claimed with one conditional upsert, so two requests at
     * once count once, in every process; the message comes from the public page cache. The
     * listen itself and the message's count are written with the next batch (`flush`).
     */
    async track(recordingId: string, visitor: { userId: number | null; address: string }) {
      const message = await options.recordings.cachedPublicPage(recordingId);
      if (visitor.userId === message.ownerId) return { counted: false };
      const hash = await visitorHash(recordingId, visitor.address, visitor.userId);
      const listenId = randomUUID();
      if (flushEveryMs > 0) {
        // Batched: a visitor this process counted within the visit is known here; anyone else
        // is counted now and claimed by the next batch, which settles a visit another process
        // counted meanwhile (claimVisits). No query per listen.
        const key = visitKey(recordingId, hash);
        const at = now().getTime();
        const remembered = countedVisits.get(key);
        if (remembered && at - remembered.countedAt < VISIT_MS) return { counted: false, listen: remembered.listenId };
        rememberVisit(key, { listenId, countedAt: at });
        pending.push({ recordingId, listenId, listener: hash, origin: message.origin, claimed: false });
        return { counted: true, listen: listenId };
      }
      const claimed = await db
        .insert(listenVisitors)
        .values({ recordingId, visitorHash: hash, lastCountedAt: sql`now()`, listenId })
        .onConflictDoUpdate({
          target: [listenVisitors.recordingId, listenVisitors.visitorHash],
          set: { lastCountedAt: sql`now()`, listenId },
          setWhere: visitOver,
        })
        .returning({ listenId: listenVisitors.listenId });
      if (claimed.length > 0) {
        pending.push({ recordingId, listenId, listener: hash, origin: message.origin, claimed: true });
        await flush();
        return { counted: true, listen: listenId };
      }
      // The listen of this visit, counted earlier in it: where its progress goes.
      const [visit] = await db
        .select({ listenId: listenVisitors.listenId })
        .from(listenVisitors)
        .where(and(eq(listenVisitors.recordingId, recordingId), eq(listenVisitors.visitorHash, hash)));
      return visit?.listenId ? { counted: false, listen: visit.listenId } : { counted: false };
    },

    flush,

    /** Stops the timer and writes what is counted: at shutdown, while the database is open. */
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },

    /**
     * POST track/heard/{id}: the furthest share of the message this listen heard. It only
     * grows (a late beacon from a paused tab never lowers it); the listen id is the key, as
     * only its listener was given it.
     */
    async heard(recordingId: string, report: HeardReport): Promise<void> {
      // Its listen may still wait in the batch.
      if (pending.length > 0) await flush();
      const listenId = sameVisitAs.get(report.listen) ?? report.listen;
      const updated = await db
        .update(listens)
        .set({ heardShare: sql`greatest(coalesce(${listens.heardShare}, 0), ${report.heard})` })
        .where(and(eq(listens.id, listenId), eq(listens.recordingId, recordingId)))
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
      await flush();
      return { data: await listensPerDay(await analysedRow(owner, recordingId)) };
    },

    /**
     * GET analytics/{id}: listens (per day and in all), unique listeners, the average share
     * heard, replies and comments. Unique listeners count the listens that know their
     * listener; the share averages the listens that measured it (older listens did neither).
     */
    async analytics(owner: UserRow, recordingId: string): Promise<RecordingAnalytics> {
      await flush();
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
