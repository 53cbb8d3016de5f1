import { and, asc, count, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { jobs, type JobState } from '../db/schema.ts';
import type { Config } from '../env.ts';

export type JobRow = typeof jobs.$inferSelect;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Writes that belong with a job's outcome, run in the transaction that records it. */
export type JobEffect = (transaction: Transaction) => Promise<void>;

/** A failure no retry can fix (the recording is gone, the audio cannot be read). */
export class PermanentJobError extends Error {}

/** Longest wait between two tries, however many failures came before. */
const MAX_BACKOFF_SECONDS = 3600;

/**
 * The data layer of the durable queue. Every change to a running job is fenced by its lease
 * token: a worker whose lease ran out and was taken over can no longer complete, fail or
 * release the job, so its effects are never recorded twice.
 */
export function createJobQueue(options: { db: Database; config: Config['jobs'] }) {
  const { db, config } = options;

  /** Locks the job if `job`'s claim still holds it; null when another worker took it over. */
  async function lockHeld(transaction: Transaction, job: JobRow) {
    if (!job.leaseToken) return null;
    const [held] = await transaction
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, job.id), eq(jobs.leaseToken, job.leaseToken), eq(jobs.state, 'running')))
      .for('update');
    return held ?? null;
  }

  // leasedBy stays: which worker finished the job is worth knowing afterwards.
  const finished = (state: JobState, lastError: string | null = null) => ({
    state,
    lastError,
    leaseToken: null,
    leasedUntil: null,
    finishedAt: sql`now()`,
  });

  return {
    /**
     * Queues a job unless one with the same key exists. With `again`, a finished (done or
     * failed) job of that key is queued anew, as when an owner retries a failed transcript;
     * a queued or running one is left alone either way. True when a job was queued.
     */
    async enqueue(
      job: { kind: string; key: string; payload?: Record<string, unknown>; runAt?: Date; maxAttempts?: number; priority?: number },
      enqueueOptions: { again?: boolean; transaction?: Transaction } = {},
    ): Promise<boolean> {
      const executor = enqueueOptions.transaction ?? db;
      const values = {
        kind: job.kind,
        key: job.key,
        payload: job.payload ?? {},
        runAt: job.runAt ?? sql`now()`,
        maxAttempts: job.maxAttempts ?? config.maxAttempts,
        priority: job.priority ?? 0,
      };
      const insert = executor.insert(jobs).values(values);
      const rows = enqueueOptions.again
        ? await insert
            .onConflictDoUpdate({
              target: jobs.key,
              set: { ...values, state: 'queued', attempts: 0, lastError: null, finishedAt: null },
              setWhere: inArray(jobs.state, ['done', 'failed']),
            })
            .returning({ id: jobs.id })
        : await insert.onConflictDoNothing({ target: jobs.key }).returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * Takes up to `limit` jobs of the given kinds that are due, or whose holder's lease ran
     * out. SKIP LOCKED lets several processes claim at once without taking the same row. Lower
     * `priority` first, then the longest due; with `maxPriority`, only jobs at or below it (a lane
     * kept for an owner's own transcripts takes no visitor's).
     */
    async claim(workerId: string, kinds: string[], limit: number, claimOptions: { maxPriority?: number } = {}): Promise<JobRow[]> {
      if (limit <= 0 || kinds.length === 0) return [];
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, kinds),
            or(
              and(eq(jobs.state, 'queued'), lte(jobs.runAt, sql`now()`)),
              and(eq(jobs.state, 'running'), lt(jobs.leasedUntil, sql`now()`), lt(jobs.attempts, jobs.maxAttempts)),
            ),
            claimOptions.maxPriority === undefined ? undefined : lte(jobs.priority, claimOptions.maxPriority),
          ),
        )
        .orderBy(asc(jobs.priority), asc(jobs.runAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(jobs)
        .set({
          state: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          leaseToken: sql`gen_random_uuid()`,
          leasedBy: workerId,
          leasedUntil: sql`now() + make_interval(secs => ${config.leaseSeconds})`,
        })
        .where(inArray(jobs.id, due))
        .returning();
    },

    /** Extends the lease; false when the job is no longer this claim's. */
    async heartbeat(job: JobRow): Promise<boolean> {
      if (!job.leaseToken) return false;
      const rows = await db
        .update(jobs)
        .set({ leasedUntil: sql`now() + make_interval(secs => ${config.leaseSeconds})` })
        .where(and(eq(jobs.id, job.id), eq(jobs.leaseToken, job.leaseToken), eq(jobs.state, 'running')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Marks the job done and applies `effect` in one transaction; false when the lease was lost. */
    async complete(job: JobRow, effect?: JobEffect): Promise<boolean> {
      return db.transaction(async (transaction) => {
        if (!(await lockHeld(transaction, job))) return false;
        await effect?.(transaction);
        await transaction.update(jobs).set(finished('done')).where(eq(jobs.id, job.id));
        return true;
      });
    },

    /**
     * Records a failed try: queued again after an exponential backoff, or failed for good
     * (running `giveUp` in the same transaction) when permanent or out of attempts.
     */
    async fail(
      job: JobRow,
      reason: string,
      failOptions: {
        permanent: boolean;
        giveUp?: (transaction: Transaction) => Promise<void>;
        /** Told when the retry is due, in seconds from now, so this process can be awake for it. */
        onRetry?: (delaySeconds: number) => void;
      },
    ): Promise<'retry' | 'failed' | 'lost'> {
      return db.transaction(async (transaction) => {
        if (!(await lockHeld(transaction, job))) return 'lost';
        if (failOptions.permanent || job.attempts >= job.maxAttempts) {
          await failOptions.giveUp?.(transaction);
          await transaction.update(jobs).set(finished('failed', reason)).where(eq(jobs.id, job.id));
          return 'failed';
        }
        const backoff = Math.min(MAX_BACKOFF_SECONDS, config.retryBaseSeconds * 2 ** (job.attempts - 1));
        // A little jitter keeps jobs that failed together from retrying in lockstep.
        const delay = backoff * (0.9 + Math.random() * 0.2);
        await transaction
          .update(jobs)
          .set({
            state: 'queued',
            lastError: reason,
            runAt: sql`now() + make_interval(secs => ${delay})`,
            leaseToken: null,
            leasedBy: null,
            leasedUntil: null,
          })
          .where(eq(jobs.id, job.id));
        failOptions.onRetry?.(delay);
        return 'retry';
      });
    },

    /** Hands an unfinished job back at shutdown; the try does not count against it. */
    async release(job: JobRow): Promise<boolean> {
      if (!job.leaseToken) return false;
      const rows = await db
        .update(jobs)
        .set({
          state: 'queued',
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          runAt: sql`now()`,
          leaseToken: null,
          leasedBy: null,
          leasedUntil: null,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.leaseToken, job.leaseToken), eq(jobs.state, 'running')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * Jobs whose holder died on their last try: no one may claim them again, so they fail
     * here, each with `giveUp` in the transaction that fails it.
     */
    async failAbandoned(kinds: string[], giveUp: (job: JobRow, transaction: Transaction) => Promise<void>): Promise<number> {
      const abandoned = await db
        .select()
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, kinds),
            eq(jobs.state, 'running'),
            lt(jobs.leasedUntil, sql`now()`),
            sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
          ),
        )
        .limit(100);
      let failedCount = 0;
      for (const job of abandoned) {
        const failed = await db.transaction(async (transaction) => {
          const [still] = await transaction
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), lt(jobs.leasedUntil, sql`now()`)))
            .for('update', { skipLocked: true });
          if (!still) return false;
          await giveUp(job, transaction);
          await transaction
            .update(jobs)
            .set(finished('failed', 'The process running this job stopped on its last try'))
            .where(eq(jobs.id, job.id));
          return true;
        });
        if (failed) failedCount++;
      }
      return failedCount;
    },

    /**
     * Ends the leases of every running job at once, so the next claim takes them back. Only for
     * a database that no other process can be using: the embedded one, at this server's start,
     * when a job still "running" was the previous (killed) process's. Answers how many there were.
     */
    async expireAllLeases(): Promise<number> {
      const expired = await db
        .update(jobs)
        .set({ leasedUntil: sql`now() - interval '1 second'` })
        .where(eq(jobs.state, 'running'))
        .returning({ id: jobs.id });
      return expired.length;
    },

    async find(key: string): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.key, key));
      return row ?? null;
    },

    /**
     * Jobs due now and not yet claimed, by kind, with how long the oldest has waited (seconds
     * since its run_at, measured by the database's clock), for /metrics. A job backing off
     * after a failure is not waiting until its time comes.
     */
    async waiting(): Promise<{ kind: string; count: number; oldestSeconds: number }[]> {
      const rows = await db
        .select({
          kind: jobs.kind,
          count: count(),
          oldestSeconds: sql<string>`extract(epoch from now() - min(${jobs.runAt}))`,
        })
        .from(jobs)
        .where(and(eq(jobs.state, 'queued'), lte(jobs.runAt, sql`now()`)))
        .groupBy(jobs.kind);
      return rows.map((row) => ({ kind: row.kind, count: row.count, oldestSeconds: Math.max(0, Number(row.oldestSeconds)) }));
    },

    /** How many jobs are in each state, for /health and the benchmarks. */
    async counts(): Promise<Record<JobState, number>> {
      const rows = await db.select({ state: jobs.state, value: count() }).from(jobs).groupBy(jobs.state);
      const result: Record<JobState, number> = { queued: 0, running: 0, done: 0, failed: 0 };
      for (const row of rows) result[row.state] = row.value;
      return result;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
