import { createJobWorker, type JobWorker } from './job-worker.ts';

/** A lane's kinds and slots; with `maxPriority`, it claims only jobs of that priority or lower. */
export type JobLane = { kinds: string[]; concurrency: number; maxPriority?: number };

/**
 * One worker per lane, each with its own slots, behind the JobWorker interface. Long jobs
 * (re-encoding, transcripts: minutes for a long message) get a lane of their own, so they
 * never take every slot while mail and deletions wait behind them. Kinds in no lane, and
 * the periodic tasks, belong to the main lane of `options.concurrency` slots.
 */
export function createLanedJobWorker(options: Parameters<typeof createJobWorker>[0] & { lanes: JobLane[] }): JobWorker {
  const { lanes, ...mainOptions } = options;
  const laned = new Set(lanes.flatMap((lane) => lane.kinds));
  const handlersOf = (kinds: (kind: string) => boolean) =>
    Object.fromEntries(Object.entries(options.handlers).filter(([kind]) => kinds(kind)));
  const main = createJobWorker({ ...mainOptions, handlers: handlersOf((kind) => !laned.has(kind)) });
  const workers = [
    main,
    ...lanes.map((lane) =>
      createJobWorker({
        ...mainOptions,
        handlers: handlersOf((kind) => lane.kinds.includes(kind)),
        concurrency: lane.concurrency,
        maxPriority: lane.maxPriority,
        periodic: [],
      }),
    ),
  ];
  return {
    id: main.id,
    start: () => workers.forEach((worker) => worker.start()),
    wake: () => workers.forEach((worker) => worker.wake()),
    async stop(graceMs) {
      await Promise.all(workers.map((worker) => worker.stop(graceMs)));
    },
    running: () => workers.reduce((total, worker) => total + worker.running(), 0),
  };
}
