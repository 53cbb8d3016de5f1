import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeMp3 } from '@vocal/test-fixtures';
import { afterEach, describe, expect, it } from 'vitest';
import type { PoolTestTask } from '../../test/harness/pool-test-worker.ts';
import { waitFor } from '../../test/harness/upload-form.ts';
import { createMediaPool, type MediaPool } from './media-pool.ts';
import { readMp3 } from './mp3.ts';
import { createWorkerPool, WorkerCrashedError, WorkerPoolBusyError, WorkerTaskError, type WorkerPool } from './worker-pool.ts';

const TEST_WORKER = new URL('../../test/harness/pool-test-worker.ts', import.meta.url);
const open: (WorkerPool | MediaPool)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((pool) => pool.close()));
});

function testPool(size: number, maxQueued = 10) {
  const pool = createWorkerPool({ entry: TEST_WORKER, size, maxQueued, name: 'test' });
  open.push(pool);
  const run = <Result>(task: PoolTestTask, signal?: AbortSignal) => pool.run<Result>(task, { signal });
  return { pool, run };
}

const threadOf = async (run: ReturnType<typeof testPool>['run']) => (await run<{ threadId: number }>({ kind: 'echo', value: 1 })).threadId;

describe('createWorkerPool', () => {
  it('runs a task in another thread and hands back its result, or its error', async () => {
    const { run } = testPool(1);
    const reply = await run<{ value: unknown; threadId: number }>({ kind: 'echo', value: { words: ['a', 'b'] } });
    expect(reply.value).toEqual({ words: ['a', 'b'] });
    expect(reply.threadId).toBeGreaterThan(0);
    const failed = run({ kind: 'fail', message: 'cannot decode this' });
    await expect(failed).rejects.toThrow(WorkerTaskError);
    await expect(failed).rejects.toThrow('cannot decode this');
    // A task that throws leaves its worker in service.
    expect(await threadOf(run)).toBe(reply.threadId);
  });

  it('ends a worker that has had nothing to do for idleMs, and starts a new one for the next task', async () => {
    const pool = createWorkerPool({ entry: TEST_WORKER, size: 1, maxQueued: 10, name: 'test', idleMs: 50 });
    open.push(pool);
    const run = <Result>(task: PoolTestTask) => pool.run<Result>(task);
    const first = await threadOf(run);
    await waitFor(
      async () => pool.stats().workers,
      (workers) => workers === 0,
    );
    const second = await threadOf(run);
    expect(second).not.toBe(first);
    expect(pool.stats()).toEqual({ workers: 1, busy: 0, queued: 0 });
  });

  it('runs at most `size` tasks at once and queues the rest', async () => {
    const { pool, run } = testPool(2);
    const counters = new Int32Array(new SharedArrayBuffer(12));
    const tasks = Array.from({ length: 5 }, () => run({ kind: 'hold', counters }));
    await waitFor(
      async () => ({ running: Atomics.load(counters, 0), ...pool.stats() }),
      (state) => state.running === 2 && state.queued === 3,
    );
    expect(pool.stats()).toEqual({ workers: 2, busy: 2, queued: 3 });
    Atomics.store(counters, 2, 1);
    Atomics.notify(counters, 2);
    expect(await Promise.all(tasks)).toEqual(Array.from({ length: 5 }, () => ({ done: true })));
    expect(Atomics.load(counters, 1)).toBe(2);
  });

  it('refuses a task at once when its queue is full', async () => {
    const { pool, run } = testPool(1, 2);
    const counters = new Int32Array(new SharedArrayBuffer(12));
    const accepted = [run({ kind: 'hold', counters }), run({ kind: 'hold', counters }), run({ kind: 'hold', counters })];
    await expect(run({ kind: 'echo', value: 1 })).rejects.toThrow(WorkerPoolBusyError);
    expect(pool.stats().queued).toBe(2);
    Atomics.store(counters, 2, 1);
    Atomics.notify(counters, 2);
    await Promise.all(accepted);
  });

  it('stops an aborted task by ending its worker, and a fresh worker takes the next task', async () => {
    const { pool, run } = testPool(1);
    const before = await threadOf(run);
    const controller = new AbortController();
    const spinning = run({ kind: 'spin' }, controller.signal);
    await waitFor(
      async () => pool.stats().busy,
      (busy) => busy === 1,
    );
    controller.abort(new Error('the listener left'));
    await expect(spinning).rejects.toThrow('the listener left');
    const after = await threadOf(run);
    expect(after).not.toBe(before);
    expect(pool.stats()).toEqual({ workers: 1, busy: 0, queued: 0 });
  });

  it('ends a task that runs past its runningMs, but not one that only waited that long in the queue (issue 23)', async () => {
    const pool = createWorkerPool({ entry: TEST_WORKER, size: 1, maxQueued: 10, name: 'test' });
    open.push(pool);
    const counters = new Int32Array(new SharedArrayBuffer(12));
    const holding = pool.run({ kind: 'hold', counters } satisfies PoolTestTask);
    const waiting = pool.run<{ value: unknown }>({ kind: 'echo', value: 'waited' } satisfies PoolTestTask, { runningMs: 50 });
    // Held four times its budget behind the first task before it may start.
    await new Promise((resolve) => setTimeout(resolve, 200));
    Atomics.store(counters, 2, 1);
    Atomics.notify(counters, 2);
    await holding;
    expect((await waiting).value).toBe('waited');
    const spinning = pool.run({ kind: 'spin' } satisfies PoolTestTask, { runningMs: 100 });
    await expect(spinning).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 0 });
  });

  it('drops a queued task when it is aborted before it starts, and refuses one aborted already', async () => {
    const { pool, run } = testPool(1);
    const counters = new Int32Array(new SharedArrayBuffer(12));
    const holding = run({ kind: 'hold', counters });
    const controller = new AbortController();
    const queued = run({ kind: 'echo', value: 1 }, controller.signal);
    expect(pool.stats().queued).toBe(1);
    controller.abort(new Error('no longer wanted'));
    await expect(queued).rejects.toThrow('no longer wanted');
    expect(pool.stats().queued).toBe(0);
    await expect(run({ kind: 'echo', value: 1 }, controller.signal)).rejects.toThrow('no longer wanted');
    Atomics.store(counters, 2, 1);
    Atomics.notify(counters, 2);
    await holding;
  });

  it('fails the task of a worker that crashes or exits, not the process, and carries on', async () => {
    const { pool, run } = testPool(1);
    const crashed = run({ kind: 'crash' });
    await expect(crashed).rejects.toThrow(WorkerCrashedError);
    await expect(crashed).rejects.toThrow('the worker broke');
    await expect(run({ kind: 'exit' })).rejects.toThrow('exit code 3');
    expect(await threadOf(run)).toBeGreaterThan(0);
    expect(pool.stats().workers).toBe(1);
  });
});

describe('createMediaPool', () => {
  const mediaPool = () => {
    const pool = createMediaPool({ workers: 1 });
    open.push(pool);
    return pool;
  };

  it('re-encodes to MP3 in a worker', async () => {
    const source = await makeMp3(2);
    const result = await mediaPool().reencode(source);
    const info = readMp3(result.mp3)!;
    expect(info.channels).toBe(1);
    expect(Math.abs(result.durationSeconds - info.durationSeconds)).toBeLessThan(0.001);
    expect(Math.abs(result.durationSeconds - readMp3(source)!.durationSeconds)).toBeLessThan(0.1);
    // The caller's bytes are copied to the worker, not taken from it.
    expect(source.byteLength).toBeGreaterThan(0);
  });

  it('decodes to 16 kHz 16-bit PCM in a file, and probes', async () => {
    const pool = mediaPool();
    const folder = await mkdtemp(join(tmpdir(), 'vocal-media-pool-'));
    try {
      const source = await makeMp3(2);
      const { samples } = await pool.decodeToPcm16kFile(source, join(folder, 'speech.raw'));
      expect(Math.abs(samples - 32_000)).toBeLessThan(1600);
      expect((await stat(join(folder, 'speech.raw'))).size).toBe(samples * 2);
      expect(await pool.probe(source)).toMatchObject({ format: 'mp3', decodable: true });
      expect(await pool.probe(new TextEncoder().encode('not audio '.repeat(100)))).toBeNull();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('answers undecodable bytes with a task error', async () => {
    const junk = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new Array(500).fill(7)]);
    await expect(mediaPool().reencode(junk)).rejects.toThrow(WorkerTaskError);
  });
});
