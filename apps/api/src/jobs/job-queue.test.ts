import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { jobs } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { openTestDatabase } from '../../test/harness/test-database.ts';
import { backends } from '../../test/harness/test-server.ts';
import { waitFor } from '../../test/harness/upload-form.ts';
import { createJobQueue, PermanentJobError, type JobQueue } from './job-queue.ts';
import { createJobWorker, type JobHandler } from './job-worker.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const logger = createLogger('silent');

describe.each(backends)('job queue on %s', (backend) => {
  let database: DatabaseHandle & { drop(): Promise<void> };
  let queue: JobQueue;
  let counter = 0;
  const key = (name: string) => `${name}:${++counter}`;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    queue = createJobQueue({
      db: database.db,
      config: { concurrency: 1, leaseSeconds: 0.4, maxAttempts: 3, retryBaseSeconds: 0.05, pollMs: 20, expirySweepSeconds: 60 },
    });
  });
  afterAll(() => database.drop());

  it('queues a key once; "again" requeues it only once finished', async () => {
    const kind = key('kind');
    const jobKey = key('idempotent');
    expect(await queue.enqueue({ kind, key: jobKey })).toBe(true);
    expect(await queue.enqueue({ kind, key: jobKey })).toBe(false);
    expect(await queue.enqueue({ kind, key: jobKey }, { again: true })).toBe(false);
    const [job] = await queue.claim('worker-a', [kind], 5);
    expect(job?.key).toBe(jobKey);
    expect(await queue.complete(job!)).toBe(true);
    expect(await queue.enqueue({ kind, key: jobKey })).toBe(false);
    expect(await queue.enqueue({ kind, key: jobKey }, { again: true })).toBe(true);
    expect(await queue.find(jobKey)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('never hands one job to two claimers, however many claim at once', async () => {
    const kind = key('race');
    for (let index = 0; index < 40; index++) await queue.enqueue({ kind, key: key('race-job') });
    // A lease that outlasts the test: with the suite's 0.4 s one, a slow machine let later
    // claimers take over jobs whose first lease had run out, which is a takeover, not a race.
    const patient = createJobQueue({
      db: database.db,
      config: { concurrency: 1, leaseSeconds: 600, maxAttempts: 3, retryBaseSeconds: 0.05, pollMs: 20, expirySweepSeconds: 60 },
    });
    const batches = await Promise.all(Array.from({ length: 8 }, (_, index) => patient.claim(`worker-${index}`, [kind], 7)));
    const ids = batches.flat().map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(40);
    expect(batches.every((batch) => batch.length <= 7)).toBe(true);
  });

  it('retries after a growing backoff, then gives up and runs giveUp in the same transaction', async () => {
    const kind = key('flaky');
    const jobKey = key('flaky-job');
    await queue.enqueue({ kind, key: jobKey });
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [job] = await waitFor(
        () => queue.claim('worker', [kind], 1),
        (claimed) => claimed.length === 1,
      );
      expect(job!.attempts).toBe(attempt);
      outcomes.push(
        await queue.fail(job!, `failure ${attempt}`, {
          permanent: false,
          giveUp: async (transaction) => {
            await transaction
              .update(jobs)
              .set({ payload: { gaveUp: true } })
              .where(eq(jobs.id, job!.id));
          },
        }),
      );
      if (attempt < 3) {
        const row = (await queue.find(jobKey))!;
        expect(row.state).toBe('queued');
        expect(row.runAt.getTime()).toBeGreaterThan(Date.now() - 1000);
      }
    }
    expect(outcomes).toEqual(['retry', 'retry', 'failed']);
    expect(await queue.find(jobKey)).toMatchObject({ state: 'failed', lastError: 'failure 3', payload: { gaveUp: true } });
  });

  it('gives a job whose holder went silent to another worker, and fences the first one out', async () => {
    const kind = key('lease');
    await queue.enqueue({ kind, key: key('lease-job') });
    const [first] = await queue.claim('dead-worker', [kind], 1);
    expect(await queue.claim('other', [kind], 1)).toEqual([]);
    const [second] = await waitFor(
      () => queue.claim('other', [kind], 1),
      (claimed) => claimed.length === 1,
    );
    expect(second!.id).toBe(first!.id);
    expect(second!.attempts).toBe(2);
    expect(await queue.heartbeat(first!)).toBe(false);
    expect(await queue.complete(first!)).toBe(false);
    expect(await queue.fail(first!, 'late', { permanent: true })).toBe('lost');
    expect(await queue.complete(second!)).toBe(true);
    expect((await queue.find(second!.key))?.state).toBe('done');
  });

  it('the worker runs at most `concurrency` jobs at once, retries failures and gives up into giveUp', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const done: string[] = [];
    const gaveUp: string[] = [];
    const kind = key('work');
    const handler: JobHandler = {
      async run(job, context) {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        await sleep(30);
        running--;
        if (job.payload.fail === 'always') throw new Error('broken');
        if (job.payload.fail === 'permanent') throw new PermanentJobError('hopeless');
        if (job.payload.fail === 'once' && job.attempts === 1) throw new Error('flaky');
        await context.complete(async () => {
          done.push(job.key);
        });
      },
      async giveUp(job, reason) {
        gaveUp.push(`${job.key}: ${reason}`);
      },
    };
    const worker = createJobWorker({ queue, handlers: { [kind]: handler }, concurrency: 2, pollMs: 20, leaseSeconds: 5, logger });
    for (let index = 0; index < 6; index++) await queue.enqueue({ kind, key: `${kind}:ok:${index}` });
    await queue.enqueue({ kind, key: `${kind}:once`, payload: { fail: 'once' } });
    await queue.enqueue({ kind, key: `${kind}:always`, payload: { fail: 'always' } });
    await queue.enqueue({ kind, key: `${kind}:permanent`, payload: { fail: 'permanent' } });
    worker.start();
    await waitFor(
      async () => done.length + gaveUp.length,
      (total) => total === 9,
    );
    await worker.stop();
    expect(mostAtOnce).toBe(2);
    expect(done).toHaveLength(7);
    expect(gaveUp.toSorted()).toEqual([`${kind}:always: broken`, `${kind}:permanent: hopeless`]);
    expect((await queue.find(`${kind}:always`))?.attempts).toBe(3);
    expect((await queue.find(`${kind}:permanent`))?.attempts).toBe(1);
  });

  it('wakes for its own retries and periodic tasks when they fall due, however slow its poll', async () => {
    const kind = key('own-retry');
    const tries: number[] = [];
    let sweeps = 0;
    // An hour's poll: without waking on time, neither the retry nor the second sweep would
    // come before the test's hang guard.
    const worker = createJobWorker({
      queue,
      handlers: {
        [kind]: {
          async run(job, context) {
            tries.push(job.attempts);
            if (job.attempts === 1) throw new Error('flaky');
            await context.complete(async () => {});
          },
        },
      },
      concurrency: 1,
      pollMs: 3_600_000,
      leaseSeconds: 5,
      logger,
      periodic: [{ everyMs: 50, run: async () => void sweeps++ }],
    });
    await queue.enqueue({ kind, key: key('own-retry-job') });
    worker.start();
    await waitFor(async () => tries.length === 2 && sweeps >= 3, Boolean);
    await worker.stop();
    expect(tries).toEqual([1, 2]);
  });

  it('stopping hands back a job that does not finish in time, without using up a try', async () => {
    const kind = key('slow');
    const jobKey = key('slow-job');
    let started = false;
    const worker = createJobWorker({
      queue,
      handlers: {
        [kind]: {
          async run(_job, context) {
            started = true;
            await new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason)));
          },
        },
      },
      concurrency: 1,
      pollMs: 20,
      leaseSeconds: 5,
      logger,
    });
    await queue.enqueue({ kind, key: jobKey });
    worker.start();
    await waitFor(async () => started, Boolean);
    await worker.stop(50);
    expect(await queue.find(jobKey)).toMatchObject({ state: 'queued', attempts: 0, leaseToken: null });
  });

  it('fails a job whose holder died on its last try, running giveUp', async () => {
    const kind = key('abandoned');
    const jobKey = key('abandoned-job');
    await queue.enqueue({ kind, key: jobKey, maxAttempts: 1 });
    await queue.claim('doomed', [kind], 1);
    const given: string[] = [];
    await waitFor(
      () => queue.failAbandoned([kind], async (job) => void given.push(job.key)),
      (failed) => failed === 1,
    );
    expect(given).toEqual([jobKey]);
    expect((await queue.find(jobKey))?.state).toBe('failed');
  });
});
