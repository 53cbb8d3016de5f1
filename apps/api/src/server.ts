import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { newAdminToken, removeHandoff, writeHandoff } from './admin/admin-handoff.ts';
import { createApp } from './app.ts';
import { createAnswerReplay, type AnswerReplay } from './cache/answer-replay.ts';
import { answerClientErrorsInJson } from './http/client-errors.ts';
import { createRequestDrain } from './http/request-drain.ts';
import { lingerBeforeClosing } from './http/lingering-close.ts';
import { escapeBackslashPaths } from './http/backslash-paths.ts';
import { incomingAddress } from './http/client-address.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import type { Config } from './env.ts';
import { createLogger, type Logger } from './logger.ts';
import { REENCODE_JOB } from './recordings/audio-service.ts';
import { createServices, type Services } from './services.ts';
import { TRANSCRIBE_JOB, TRANSCRIPT_PRIORITY } from './recordings/transcription-service.ts';
import { createLanedJobWorker } from './jobs/job-lanes.ts';
import { countStorageErrors } from './observability/counted-storage.ts';
import { createMetrics } from './observability/metrics.ts';
import type { JobWorker } from './jobs/job-worker.ts';
import { removeDeadProcessLeftovers } from './processes/process-scratch.ts';
import { createLocalStorage, removeAbandonedPartials } from './storage/local-storage.ts';
import { createS3Storage } from './storage/s3-storage.ts';
import type { Storage } from './storage/storage.ts';

/** How long a job running at shutdown may take to finish before it is handed back to the queue. */
const JOB_STOP_GRACE_MS = 5000;

export type RunningServer = {
  /** Where the app answers, e.g. http://localhost:3000. */
  url: string;
  services: Services;
  worker: JobWorker;
  /** Listen-path answers sent again without the app (tests count them). */
  answerReplay: AnswerReplay;
  /** The app's route table, each route with its description (the security suites read it). */
  routes: Hono['routes'];
  close(): Promise<void>;
};

/**
 * Binds the port, opens and migrates the database, and serves the app. With port 0 and no
 * PUBLIC_URL the public URL follows the port actually bound (tests rely on this).
 */
export async function startServer(
  config: Config,
  options: {
    publicUrlFollowsPort?: boolean;
    logger?: Logger;
    /** Tests put a faulty storage in front of the real one here. */
    wrapStorage?: (storage: Storage) => Storage;
    /** An open, migrated database instead of the configured one (the tests' warm PGlite); closed with the server. */
    database?: DatabaseHandle;
  } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
    response.end(JSON.stringify({ msg: 'The server is starting; try again in a moment' }));
  };
  const server = createServer((request, response) => drain.track(handler)(request, response));
  const drain = createRequestDrain(server);
  // An idle connection is closed by the client or the proxy in front, never by us first: with
  // Node's 5 s, a client reusing a connection at the moment the server dropped it gets a reset
  // (seen as "fetch failed: ECONNRESET" on a loaded machine), and a load balancer whose own idle
  // timeout is longer (60 s is common) answers 502. Headers must still arrive within the
  // keep-alive time plus a second.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  answerClientErrorsInJson(server);
  lingerBeforeClosing(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const resolved: Config = options.publicUrlFollowsPort ? { ...config, port, publicUrl: `http://localhost:${port}` } : { ...config, port };

  await mkdir(resolved.dataDir, { recursive: true });
  let database;
  try {
    database = options.database ?? (await openDatabase(resolved));
  } catch (error) {
    server.close();
    throw error;
  }
  const baseStorage: Storage =
    resolved.storage.kind === 's3'
      ? await createS3Storage(resolved.storage)
      : createLocalStorage({ root: join(resolved.dataDir, 'files'), publicUrl: resolved.publicUrl });
  const metrics = createMetrics({ processMetrics: resolved.metricsToken !== null });
  metrics.countRequestsWith(drain.inFlight);
  // Counted outside a test's faulty storage, so the errors it makes are counted as real ones would be.
  const storage = countStorageErrors(options.wrapStorage ? options.wrapStorage(baseStorage) : baseStorage, metrics);
  // What a crashed process left behind: its temporary folders, the children it started, and
  // its half-written files. Checked at start and with each sweep.
  const removeLeftovers = async () => {
    const leftovers = await removeDeadProcessLeftovers(resolved.dataDir);
    const partials = resolved.storage.kind === 's3' ? 0 : await removeAbandonedPartials(join(resolved.dataDir, 'files'));
    if (leftovers.folders + leftovers.children + partials > 0) {
      logger.info('Removed what a stopped process left behind', { ...leftovers, partials });
    }
  };
  await removeLeftovers();
  const services = createServices({ database, config: resolved, storage, logger, metrics });
  // The embedded database has one server, this one: a job it finds running was a killed
  // process's, and is taken back now rather than when that process's lease would have run out
  // (a minute by default). PostgreSQL may have other live servers: their leases are waited out.
  if (database.kind === 'pglite') {
    const resumed = await services.jobs.queue.expireAllLeases();
    if (resumed > 0) logger.info('Taking back the jobs a stopped process was running', { jobs: resumed });
  }
  // PGlite serves one process and one connection: more than one job at a time only queues
  // behind the HTTP requests. PostgreSQL has a pool, and two cores to share.
  const concurrency = resolved.jobs.concurrency ?? (database.kind === 'pglite' ? 1 : 2);
  // Re-encodes and transcripts wait on the media pool (or a speech API) for minutes, not on
  // this thread: they get one slot per media worker of their own, beside the other jobs'.
  const mediaLane = { kinds: [REENCODE_JOB, TRANSCRIBE_JOB], concurrency: concurrency === 0 ? 0 : resolved.mediaWorkers };
  // One more slot for owners' own transcripts only, so a visitor's long message already running
  // never holds up the owner's (issue 23, finding 6); it waits on the pool or the engine, not here.
  const ownersLane = { kinds: [TRANSCRIBE_JOB], concurrency: concurrency === 0 ? 0 : 1, maxPriority: TRANSCRIPT_PRIORITY.owner };
  const worker = createLanedJobWorker({
    queue: services.jobs.queue,
    handlers: services.jobs.handlers,
    concurrency,
    lanes: [mediaLane, ownersLane],
    pollMs: resolved.jobs.pollMs,
    leaseSeconds: resolved.jobs.leaseSeconds,
    logger,
    onFailure: (kind, outcome) => metrics.jobFailures.inc({ kind, outcome }),
    periodic: [
      { everyMs: resolved.jobs.expirySweepSeconds * 1000, run: async () => void (await services.audio.sweepExpired()) },
      { everyMs: resolved.jobs.expirySweepSeconds * 1000, run: async () => void (await services.deletion.sweepDeleted()) },
      { everyMs: resolved.jobs.expirySweepSeconds * 1000, run: async () => void (await services.orphans.sweep()) },
      { everyMs: resolved.jobs.expirySweepSeconds * 1000, run: async () => void (await services.progressiveUploads.sweep()) },
      { everyMs: resolved.jobs.expirySweepSeconds * 1000, run: async () => void (await services.plans.reviewDue()) },
      { everyMs: resolved.jobs.expirySweepSeconds * 1000, run: removeLeftovers },
      { everyMs: resolved.jobs.expirySweepSeconds * 1000, run: async () => void (await services.listens.forgetFinishedVisits()) },
      { everyMs: resolved.jobs.expirySweepSeconds * 1000, run: async () => void (await services.rateLimits.forgetEndedWindows()) },
      { everyMs: resolved.jobs.expirySweepSeconds * 1000, run: async () => void (await services.sessionHandoffs.forgetExpired()) },
      { everyMs: resolved.jobs.expirySweepSeconds * 1000, run: async () => void (await services.recordingHandoffs.forgetExpired()) },
      // Held custom domains checked again daily (each by one process), unproven claims dropped.
      { everyMs: resolved.jobs.expirySweepSeconds * 1000, run: async () => void (await services.customDomains.recheckDue()) },
      // Yesterday's digest, queued once per day whichever process gets here first.
      { everyMs: resolved.jobs.expirySweepSeconds * 1000, run: async () => void (await services.notifications.scheduleDigest()) },
    ],
  });
  services.jobs.onWake(() => worker.wake());
  worker.start();
  logger.info('Job worker started', {
    concurrency,
    mediaJobs: mediaLane.concurrency,
    transcriber: services.transcription.transcriberName ?? 'none',
    storage: storage.kind,
  });
  const adminToken = newAdminToken();
  // The listen path's hot answers go out before the app (src/cache/answer-replay.ts).
  const answerReplay = createAnswerReplay({
    cache: services.publicPages,
    metrics,
    logger,
    trustProxy: resolved.trustProxy,
    computed: {
      'listen-tracking': async (recordingId, incoming) =>
        JSON.stringify(
          await services.listens.track(recordingId, { userId: null, address: incomingAddress(incoming, resolved.trustProxy) }),
        ),
    },
  });
  const app = createApp(services, logger, { adminToken, answerReplay });
  handler = escapeBackslashPaths(answerReplay.listener(getRequestListener(app.fetch)));
  await writeHandoff(resolved.dataDir, { url: `http://127.0.0.1:${port}`, pid: process.pid, adminToken });

  return {
    url: resolved.publicUrl,
    services,
    worker,
    answerReplay,
    routes: app.routes,
    async close() {
      await removeHandoff(resolved.dataDir, process.pid);
      // No new connections; requests in flight (an upload, a listen) finish within the grace.
      // Meanwhile the worker claims nothing more, and a running job has a few seconds to finish
      // (a mail does; a transcript or re-encode would not) before it is aborted and handed back
      // to the queue, for the next process to run once.
      const jobGraceMs = Math.min(JOB_STOP_GRACE_MS, resolved.shutdownGraceMs);
      const [cut] = await Promise.all([drain.drain(resolved.shutdownGraceMs), worker.stop(jobGraceMs)]);
      if (cut > 0) logger.warn('Shutdown cut requests still running after the grace', { requests: cut, graceMs: resolved.shutdownGraceMs });
      await services.media.close();
      // Listens counted until the last request are written before the database closes.
      await services.listens
        .close()
        .catch((error: unknown) => logger.error('Counted listens were lost at shutdown', { error: String(error) }));
      services.notifications.close();
      await database.close();
    },
  };
}
