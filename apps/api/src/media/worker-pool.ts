import { isMainThread, parentPort, Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

/** Every worker is busy and `maxQueued` tasks already wait: try again later. */
export class WorkerPoolBusyError extends Error {
  constructor() {
    super('The server is busy with other audio; try again in a moment');
  }
}

/** The worker died (crashed, ran out of memory, exited) while running the task. */
export class WorkerCrashedError extends Error {}

/** The task itself threw inside the worker (e.g. the audio could not be decoded). */
export class WorkerTaskError extends Error {}

/** The task ran longer than its `runningMs` (its worker was ended). Named like AbortSignal.timeout's reason. */
export class WorkerTaskTimeoutError extends Error {
  override name = 'TimeoutError';
}

export type WorkerPool = {
  /**
   * Runs one task on a free worker. Aborting it terminates that worker; a fresh one replaces it.
   * `runningMs` does the same once the task has run that long (a time budget that a wait in the
   * queue behind other work does not use up).
   */
  run<Result>(task: unknown, options?: { signal?: AbortSignal; transfer?: Transferable[]; runningMs?: number }): Promise<Result>;
  /** Stops every worker; tasks still queued or running are refused. */
  close(): Promise<void>;
  stats(): { workers: number; busy: number; queued: number };
};

type Reply = { ok: true; value: unknown } | { ok: false; name: string; message: string } | { started: true };

type Pending = {
  task: unknown;
  transfer: Transferable[];
  resolve(value: unknown): void;
  reject(reason: unknown): void;
  /** Removes the abort listener and the running-time timer. */
  release(): void;
  /** How long the task may run once its worker has it in hand (the queue and a new thread's start not counted). */
  runningMs?: number;
  runningTimer?: NodeJS.Timeout;
};

type Slot = { worker: Worker; current: Pending | null; retiring: boolean; failure: Error | null; idleTimer: NodeJS.Timeout | null };

/**
 * TypeScript source (tests, `tsx watch`) cannot be a worker's entry by itself: a small
 * JavaScript file registers tsx in the new thread and imports the source. The production
 * bundle has its own JavaScript worker entry beside main.mjs.
 */
const TS_WORKER_BOOT = new URL('./ts-worker-boot.mjs', import.meta.url);

/**
 * A fixed-size pool of worker threads for CPU-heavy work, so that decoding and encoding
 * never hold the server's event loop. Workers start on demand and stay (unreferenced, so
 * an idle pool never keeps the process alive) until they have had nothing to do for
 * `idleMs`, then end, giving back their heap and wasm memory (tens of MB each); at most
 * `size` run at once and at most `maxQueued` tasks wait, beyond that `run` refuses at once
 * rather than piling up memory.
 */
export function createWorkerPool(options: {
  entry: URL;
  size: number;
  maxQueued: number;
  name: string;
  resourceLimits?: ResourceLimits;
  /** How long a worker may wait for work before it ends; a new task starts a new one. */
  idleMs?: number;
}): WorkerPool {
  const slots = new Set<Slot>();
  const queue: Pending[] = [];
  let closed = false;

  function spawn(): Slot {
    const common = { name: options.name, resourceLimits: options.resourceLimits };
    const worker = options.entry.pathname.endsWith('.ts')
      ? new Worker(TS_WORKER_BOOT, { ...common, workerData: { tsEntry: options.entry.href } })
      : new Worker(options.entry, common);
    const slot: Slot = { worker, current: null, retiring: false, failure: null, idleTimer: null };
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const pending = slot.current;
      if (!pending) return;
      // The worker has the task in hand (its thread booted, its code loaded): its time budget starts.
      if ('started' in reply) {
        if (pending.runningMs !== undefined && !pending.runningTimer) {
          const ran = new WorkerTaskTimeoutError(`The ${options.name} task ran longer than ${pending.runningMs} ms`);
          pending.runningTimer = setTimeout(() => abandon(pending, ran), pending.runningMs);
        }
        return;
      }
      slot.current = null;
      worker.unref();
      pending.release();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(new WorkerTaskError(reply.message));
      dispatch();
      if (!slot.current) retireWhenIdle(slot);
    });
    worker.on('error', (error) => {
      slot.failure = error;
    });
    worker.on('exit', (code) => {
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slots.delete(slot);
      const pending = slot.current;
      slot.current = null;
      if (pending) {
        pending.release();
        const why = slot.failure ? `: ${slot.failure.message}` : ` (exit code ${code})`;
        pending.reject(new WorkerCrashedError(closed ? 'The worker pool was closed' : `The ${options.name} worker stopped${why}`));
      }
      dispatch();
    });
    slots.add(slot);
    return slot;
  }

  function retireWhenIdle(slot: Slot) {
    if (options.idleMs === undefined || closed) return;
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = null;
      if (slot.current || slot.retiring) return;
      slot.retiring = true;
      void slot.worker.terminate();
    }, options.idleMs);
    slot.idleTimer.unref();
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      let slot = [...slots].find((candidate) => !candidate.current && !candidate.retiring);
      if (!slot) {
        // A retiring worker still counts: it may burn a core until it has stopped.
        if (slots.size >= options.size) return;
        slot = spawn();
      }
      const pending = queue.shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.current = pending;
      slot.worker.ref();
      slot.worker.postMessage(pending.task, pending.transfer);
    }
  }

  function abandon(pending: Pending, reason: unknown) {
    const queued = queue.indexOf(pending);
    if (queued >= 0) queue.splice(queued, 1);
    for (const slot of slots) {
      if (slot.current !== pending) continue;
      // The only way to stop synchronous work in a thread is to end the thread.
      slot.current = null;
      slot.retiring = true;
      void slot.worker.terminate();
    }
    pending.release();
    pending.reject(reason);
  }

  return {
    run<Result>(task: unknown, runOptions: { signal?: AbortSignal; transfer?: Transferable[]; runningMs?: number } = {}) {
      const { signal } = runOptions;
      return new Promise<Result>((resolve, reject) => {
        if (closed) return reject(new WorkerCrashedError('The worker pool was closed'));
        if (signal?.aborted) return reject(signal.reason);
        if (queue.length >= options.maxQueued) return reject(new WorkerPoolBusyError());
        const onAbort = () => abandon(pending, signal!.reason);
        const pending: Pending = {
          task,
          transfer: runOptions.transfer ?? [],
          resolve: resolve as (value: unknown) => void,
          reject,
          release: () => {
            signal?.removeEventListener('abort', onAbort);
            if (pending.runningTimer) clearTimeout(pending.runningTimer);
          },
          runningMs: runOptions.runningMs,
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(pending);
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) {
        pending.release();
        pending.reject(new WorkerCrashedError('The worker pool was closed'));
      }
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
    stats: () => ({
      workers: slots.size,
      busy: [...slots].filter((slot) => slot.current).length,
      queued: queue.length,
    }),
  };
}

/** The ArrayBuffers a result holds at its top level, moved to the caller rather than copied. */
function transferablesOf(value: unknown): Transferable[] {
  if (!value || typeof value !== 'object') return [];
  const buffers = Object.values(value)
    .filter((field): field is ArrayBufferView => ArrayBuffer.isView(field))
    .map((view) => view.buffer)
    .filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
  return [...new Set(buffers)];
}

/** Inside a worker: answers each task the pool posts with `handle`'s result or error. */
export function serveWorkerTasks<Task>(handle: (task: Task) => Promise<unknown>): void {
  if (isMainThread || !parentPort) throw new Error('serveWorkerTasks runs inside a worker thread');
  const port = parentPort;
  port.on('message', (task: Task) => {
    port.postMessage({ started: true } satisfies Reply);
    handle(task).then(
      (value) => port.postMessage({ ok: true, value } satisfies Reply, transferablesOf(value)),
      (error: unknown) =>
        port.postMessage({
          ok: false,
          name: error instanceof Error ? error.name : 'Error',
          message: error instanceof Error ? error.message : String(error),
        } satisfies Reply),
    );
  });
}
