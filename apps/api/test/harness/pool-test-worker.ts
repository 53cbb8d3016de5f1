import { serveWorkerTasks } from '../../src/media/worker-pool.ts';

/**
 * A worker for the pool's own tests. `hold` counts itself into a shared counter (slot 0:
 * running now, slot 1: most at once) and blocks its thread until slot 2 is set, as
 * synchronous decoding would; `spin` never ends; `crash` throws outside the task.
 */
export type PoolTestTask =
  | { kind: 'echo'; value: unknown }
  | { kind: 'fail'; message: string }
  | { kind: 'hold'; counters: Int32Array }
  | { kind: 'spin' }
  | { kind: 'crash' }
  | { kind: 'exit' };

serveWorkerTasks(async (task: PoolTestTask) => {
  switch (task.kind) {
    case 'echo':
      return { value: task.value, threadId: (await import('node:worker_threads')).threadId };
    case 'fail':
      throw new Error(task.message);
    case 'hold': {
      const running = Atomics.add(task.counters, 0, 1) + 1;
      for (let most = Atomics.load(task.counters, 1); running > most; most = Atomics.load(task.counters, 1)) {
        if (Atomics.compareExchange(task.counters, 1, most, running) === most) break;
      }
      Atomics.notify(task.counters, 0);
      while (Atomics.load(task.counters, 2) === 0) Atomics.wait(task.counters, 2, 0, 1000);
      Atomics.sub(task.counters, 0, 1);
      return { done: true };
    }
    case 'spin':
      for (;;) Math.sqrt(Math.random());
    case 'crash':
      setImmediate(() => {
        throw new Error('the worker broke');
      });
      return new Promise(() => {});
    case 'exit':
      process.exit(3);
  }
});
