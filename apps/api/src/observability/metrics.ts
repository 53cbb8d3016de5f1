import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Where the queue gauges read from at each scrape (the job queue's `waiting`). */
export type WaitingJobs = () => Promise<{ kind: string; count: number; oldestSeconds: number }[]>;

/**
 * The server's metrics, on a registry of its own: prom-client's global registry would make two
 * servers in one process (the tests) register the same names and fail.
 *
 * With `processMetrics`, also the process's own (prom-client's defaults: CPU, memory, heap, GC
 * and the event loop's delay, whose percentiles cover the time since the last scrape). Only a
 * server whose /metrics is on asks for them: each set keeps its own event-loop timer running.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'vocal' });
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  let waitingJobs: WaitingJobs | null = null;
  let requestsInFlight: (() => number) | null = null;

  const httpRequests = new Counter({
    name: 'vocal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class (2xx, 4xx, ...).',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'vocal_http_request_duration_seconds',
    help: 'Time from the request reaching the app to its response headers, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    // The listen path aims at p99 <= 20 ms, so the small buckets are fine-grained.
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  // The queue gauges are read from the database at scrape time, so every process reports the
  // shared queue as it is, not what this process last saw. prom-client collects metrics in
  // parallel, so each gauge reads for itself. With the database unreachable they are left
  // empty rather than failing the scrape (/ready says what is down).
  const readWaiting = async () => (waitingJobs ? await waitingJobs().catch(() => []) : []);
  new Gauge({
    name: 'vocal_job_queue_depth',
    help: 'Jobs due now and not yet claimed by any worker, by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const waiting = await readWaiting();
      this.reset();
      for (const entry of waiting) this.set({ kind: entry.kind }, entry.count);
    },
  });
  new Gauge({
    name: 'vocal_job_oldest_waiting_seconds',
    help: 'How long the oldest job due now has waited for a worker, by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const waiting = await readWaiting();
      this.reset();
      for (const entry of waiting) this.set({ kind: entry.kind }, entry.oldestSeconds);
    },
  });
  new Gauge({
    name: 'vocal_http_requests_in_flight',
    help: 'Requests this process is answering now (during a shutdown: those it is still letting finish).',
    registers: [registry],
    collect() {
      this.set(requestsInFlight ? requestsInFlight() : 0);
    },
  });
  const jobFailures = new Counter({
    name: 'vocal_job_failures_total',
    help: 'Failed tries of jobs in this process, by kind and outcome (retry: tried again later; failed: given up).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const transcriptionRealTimeFactor = new Histogram({
    name: 'vocal_transcription_real_time_factor',
    help: 'Seconds spent transcribing per second of audio, by transcriber (below 1: faster than real time).',
    labelNames: ['transcriber'] as const,
    buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 5],
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'vocal_upload_bytes_total',
    help: 'Bytes of voice recordings received by upload-vocal.',
    registers: [registry],
  });
  const storageErrors = new Counter({
    name: 'vocal_storage_errors_total',
    help: 'Storage operations that failed, by operation (put, stat, read, delete, list).',
    labelNames: ['operation'] as const,
    registers: [registry],
  });

  return {
    registry,
    httpRequests,
    httpDuration,
    jobFailures,
    transcriptionRealTimeFactor,
    uploadBytes,
    storageErrors,
    /** Called once the job queue exists; until then the queue gauges report nothing. */
    readQueueFrom(source: WaitingJobs) {
      waitingJobs = source;
    },
    /** Called once the HTTP server exists. */
    countRequestsWith(source: () => number) {
      requestsInFlight = source;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
