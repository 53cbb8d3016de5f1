import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '../logger.ts';
import { outsideRequests } from '../observability/request-context.ts';
import { PermanentJobError, type JobEffect, type JobQueue, type JobRow, type Transaction } from './job-queue.ts';

export type JobContext = {
  /** Aborted at shutdown or when the lease is lost: stop, the job will run again. */
  signal: AbortSignal;
  /**
   * Marks the job done together with `effect`'s writes, in one transaction, only while this
   * worker still holds the job. Effects that must happen once belong here.
   */
  complete(effect: JobEffect): Promise<void>;
};

export type JobHandler = {
  run(job: JobRow, context: JobContext): Promise<void>;
  /** Makes a job that gave up visible (e.g. transcriptionStatus error), in the same transaction. */
  giveUp?(job: JobRow, reason: string, transaction: Transaction): Promise<void>;
};

/** Thrown inside a job when its lease was taken over; nothing is recorded. */
export class LeaseLostError extends Error {
  constructor() {
    super('This job was taken over by another worker');
  }
}

export type JobWorker = {
  readonly id: string;
  start(): void;
  /** Looks for work now (after an enqueue in this process) instead of at the next poll. */
  wake(): void;
  /** Stops claiming; running jobs get `graceMs` to finish, then are aborted and released. */
  stop(graceMs?: number): Promise<void>;
  /** Jobs running in this process now. */
  running(): number;
};

/**
 * Runs jobs from the queue with at most `concurrency` at a time in this process. Idle, it
 * polls every `pollMs` for jobs other processes queued or abandoned; a running job's lease
 * is renewed every third of its length. What this process knows is coming (a retry it
 * recorded, a periodic task falling due) wakes it on time instead of at the next poll, so
 * the poll can stay slow: every poll is a query, and on PGlite a query is this process's CPU.
 */
export function createJobWorker(options: {
  queue: JobQueue;
  handlers: Record<string, JobHandler>;
  concurrency: number;
  pollMs: number;
  leaseSeconds: number;
  logger: Logger;
  /** Runs with each poll (e.g. the expiry sweep); its errors are logged, never thrown. */
  periodic?: { everyMs: number; run(): Promise<void> }[];
  /** Told of each failed try: retried later, or given up (failed for good); for /metrics. */
  onFailure?: (kind: string, outcome: 'retry' | 'failed') => void;
  /** Claims only jobs of this priority or lower (job-queue.ts). */
  maxPriority?: number;
}): JobWorker {
  const { queue, handlers, concurrency, logger } = options;
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const kinds = Object.keys(handlers);
  const inFlight = new Map<string, { promise: Promise<void>; controller: AbortController }>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  let tickAgain = false;
  const lastPeriodicRun = new Map<number, number>();
  /** When retries this process recorded fall due (epoch ms). */
  const retriesDue: number[] = [];

  /** The poll, or sooner when a known retry or periodic task falls due before it. */
  function untilNextDue(): number {
    const now = Date.now();
    const due = [...retriesDue];
    for (const [index, task] of (options.periodic ?? []).entries()) due.push((lastPeriodicRun.get(index) ?? 0) + task.everyMs);
    return due.reduce((soonest, at) => Math.min(soonest, Math.max(0, at - now)), options.pollMs);
  }

  function schedule(delayMs: number) {
    if (stopping || !started) return;
    if (timer) clearTimeout(timer);
    // Outside any request: a job woken by an upload is not part of that upload's request.
    timer = outsideRequests(() => setTimeout(() => void tick(), delayMs));
    timer.unref?.();
  }

  async function runPeriodic() {
    for (const [index, task] of (options.periodic ?? []).entries()) {
      const last = lastPeriodicRun.get(index) ?? 0;
      if (Date.now() - last < task.everyMs) continue;
      lastPeriodicRun.set(index, Date.now());
      await task.run().catch((error: unknown) => logger.warn('A periodic job task failed', { error: String(error) }));
    }
  }

  async function tick() {
    if (ticking) {
      tickAgain = true;
      return;
    }
    ticking = true;
    // The retries due by now are what this tick claims.
    const now = Date.now();
    for (let index = retriesDue.length - 1; index >= 0; index--) if (retriesDue[index]! <= now) retriesDue.splice(index, 1);
    try {
      do {
        tickAgain = false;
        if (stopping) return;
        await runPeriodic();
        await queue.failAbandoned(kinds, async (job, transaction) => {
          await handlers[job.kind]?.giveUp?.(job, 'The process running this job stopped on its last try', transaction);
          options.onFailure?.(job.kind, 'failed');
        });
        const free = concurrency - inFlight.size;
        if (free <= 0) return;
        const claimed = await queue.claim(id, kinds, free, { maxPriority: options.maxPriority });
        for (const job of claimed) launch(job);
        // A full batch suggests more is waiting.
        if (claimed.length === free) tickAgain = true;
      } while (tickAgain && !stopping && inFlight.size < concurrency);
    } catch (error) {
      logger.warn('The job worker could not reach the database', { error: String(error) });
    } finally {
      ticking = false;
      schedule(untilNextDue());
    }
  }

  function launch(job: JobRow) {
    const controller = new AbortController();
    const promise = execute(job, controller).finally(() => {
      inFlight.delete(job.id);
      if (!stopping) schedule(0);
    });
    inFlight.set(job.id, { promise, controller });
  }

  async function execute(job: JobRow, controller: AbortController) {
    const handler = handlers[job.kind]!;
    let completed = false;
    const heartbeat = setInterval(
      () => {
        queue.heartbeat(job).then(
          (held) => {
            if (!held) controller.abort(new LeaseLostError());
          },
          (error: unknown) => logger.warn('A job heartbeat failed', { job: job.id, error: String(error) }),
        );
      },
      (options.leaseSeconds * 1000) / 3,
    );
    heartbeat.unref?.();
    const context: JobContext = {
      signal: controller.signal,
      async complete(effect) {
        if (completed) throw new Error('A job completes once');
        completed = true;
        if (!(await queue.complete(job, effect))) throw new LeaseLostError();
      },
    };
    try {
      await handler.run(job, context);
      if (!completed && !(await queue.complete(job))) throw new LeaseLostError();
      logger.debug(`Job ${job.kind} done`, { key: job.key, attempt: job.attempts });
    } catch (error) {
      if (error instanceof LeaseLostError || controller.signal.reason instanceof LeaseLostError) {
        logger.warn(`Job ${job.kind} was taken over by another worker`, { key: job.key });
      } else if (stopping && controller.signal.aborted) {
        await queue.release(job).catch(() => {});
      } else {
        const reason = error instanceof Error ? error.message : String(error);
        const permanent = error instanceof PermanentJobError;
        const outcome = await queue
          .fail(job, reason, {
            permanent,
            giveUp: handler.giveUp ? (transaction) => handler.giveUp!(job, reason, transaction) : undefined,
            onRetry: (delaySeconds) => retriesDue.push(Date.now() + delaySeconds * 1000),
          })
          .catch((failure: unknown) => {
            logger.error('A failed job could not be recorded', { job: job.id, error: String(failure) });
            return 'lost' as const;
          });
        if (outcome !== 'lost') options.onFailure?.(job.kind, outcome);
        const log = outcome === 'failed' ? logger.warn : logger.info;
        log(`Job ${job.kind} ${outcome === 'failed' ? 'gave up' : 'will be retried'}`, {
          key: job.key,
          attempt: job.attempts,
          reason,
        });
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  return {
    id,
    start() {
      if (started || concurrency <= 0 || kinds.length === 0) return;
      started = true;
      schedule(0);
    },
    wake() {
      if (!started || stopping) return;
      if (ticking) tickAgain = true;
      else schedule(0);
    },
    async stop(graceMs = 5000) {
      stopping = true;
      if (timer) clearTimeout(timer);
      const all = () => Promise.all([...inFlight.values()].map((entry) => entry.promise));
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'timeout'>((resolve) => {
        graceTimer = setTimeout(() => resolve('timeout'), graceMs);
      });
      const outcome = await Promise.race([all().then(() => 'done' as const), graceOver]);
      clearTimeout(graceTimer);
      if (outcome === 'timeout') {
        for (const entry of inFlight.values()) entry.controller.abort(new Error('The server is shutting down'));
        await all();
      }
      // A tick that was querying when stop began must not outlive the database.
      while (ticking) await new Promise((resolve) => setTimeout(resolve, 10));
    },
    running: () => inFlight.size,
  };
}
