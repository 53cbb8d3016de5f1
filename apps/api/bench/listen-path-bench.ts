import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { recordResult } from '@vocal/bench';
import { appRoot } from '../src/app-root.ts';
import { and, count, eq, lte, or, sql } from 'drizzle-orm';
import { jobs } from '../src/db/schema.ts';
import { backends, startTestServer, type Backend, type TestServer } from '../test/harness/test-server.ts';
import { ownerMessage } from '../test/harness/visitor-helpers.ts';

/**
 * Issue 13, the listen path: each public route of a message against a bare Hono route answering
 * the same bytes with the same content type, one after the other in the same run, on PGlite
 * and on PostgreSQL (TEST_DATABASE_URL). Both servers run in this process on the same Node
 * HTTP adapter; the load comes from a worker thread (load-worker.mjs): CONNECTIONS keep-alive
 * connections, each sending its next request when the last answer is read, the bare route and
 * ours in turn for PHASE_MS each, ROUNDS times (the machine is shared: its other load then
 * weighs on both alike). No compression is asked for, so both send the same bytes. Target: our
 * read routes at ≥ 50 % of the bare route's requests per second, every route with p99 ≤ 20 ms
 * at that load (tracking's requirement is to batch its writes).
 */
const CONNECTIONS = 16;
const WARM_UP_MS = 1000;
const PHASE_MS = 1000;
const ROUNDS = 4;
const RATIO_TARGET = 50;
const P99_TARGET_MS = 20;

type LoadResult = { requests: number; perSecond: number; p50: number; p99: number; failures: number; settleMs: number };

/**
 * Loads each target in turn, ROUNDS times, from a worker thread; one result per target. A
 * target with `settle` has it awaited after each of its phases (the worker asks), and the
 * time counts as that target's.
 */
function load(targets: { url: string; forwardedFor?: boolean; settle?: () => Promise<void> }[]): Promise<LoadResult[]> {
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: {
        targets: targets.map(({ settle, ...target }) => ({ ...target, settles: settle !== undefined })),
        connections: CONNECTIONS,
        warmUpMs: WARM_UP_MS,
        phaseMs: PHASE_MS,
        rounds: ROUNDS,
      },
    });
    // Only targets with `settle` ask, one at a time, and the worker waits for the answer.
    const settling = targets.filter((target) => target.settle);
    worker.on('message', (message: LoadResult[] | { settle: true }) => {
      if (!Array.isArray(message))
        void Promise.all(settling.map((target) => target.settle!())).then(() => worker.postMessage('settled'), reject);
      else resolvePromise(message);
    });
    worker.once('error', reject);
  });
}

/** The bare server: one route answering whatever `answer` holds now. */
async function startBareServer() {
  let answer: { body: Uint8Array; contentType: string } = { body: new Uint8Array(), contentType: 'text/plain' };
  const bare = new Hono().get('/bare', (context) =>
    context.body(answer.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': answer.contentType }),
  );
  const server: Server = createServer(getRequestListener(bare.fetch));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bare`;
  return {
    url,
    answer: (body: Uint8Array, contentType: string) => (answer = { body, contentType }),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * The routes to measure: all of them, or those whose name contains one of the words of
 * LISTEN_BENCH_ROUTES (comma-separated, e.g. `view-vocal,files`), to measure one while working on it.
 */
function chosen<Route extends { name: string }>(routes: Route[]): Route[] {
  const words = (process.env.LISTEN_BENCH_ROUTES ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  return words.length === 0 ? routes : routes.filter((route) => words.some((word) => route.name.includes(word)));
}

/** Waits until no job is queued and due, or running. */
async function jobsSettled(server: TestServer) {
  for (;;) {
    const [busy] = await server.running.services.db
      .select({ count: count() })
      .from(jobs)
      .where(or(eq(jobs.state, 'running'), and(eq(jobs.state, 'queued'), lte(jobs.runAt, sql`now()`))));
    if (!busy || busy.count === 0) return;
    await new Promise((done) => setTimeout(done, 100));
  }
}

export async function benchListenPath(backend: Backend) {
  const webDist = join(appRoot, '..', 'web', 'dist');
  const server = await startTestServer(backend, {
    PUBLIC_CACHE_SECONDS: '5',
    LISTEN_FLUSH_MS: '1000',
    TRUST_PROXY: 'true',
    TRANSCRIBER: 'none',
    // The real listen and embed pages when the web app is built, else the test server's stand-ins.
    ...(existsSync(join(webDist, 'listen.html')) ? { WEB_DIST: webDist } : {}),
  });
  const bare = await startBareServer();
  try {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access, { subject: 'Quarterly numbers, and what we do next' });
    // The upload's jobs (re-encoding check, preview card, ...) each empty the public page cache and
    // take the CPU: the first route measured would pay for them. Measured once they are done.
    await jobsSettled(server);
    const routes = [
      { name: 'GET /api/view-vocal/:id', path: `/api/view-vocal/${id}` },
      { name: 'GET /listen/:id', path: `/listen/${id}` },
      { name: 'GET /embed/player/:id', path: `/embed/player/${id}` },
      { name: 'GET /api/oembed', path: `/api/oembed?url=${encodeURIComponent(`${server.url}/listen/${id}`)}` },
      { name: 'GET /files/:id.mp3', path: `/files/${id}.mp3` },
      { name: 'GET /files/:id.png', path: `/files/${id}.png` },
      // Listens are written in batches after their answers: each phase's batch is written
      // before the next phase, on this route's time (settle in load-worker.mjs). Issue 13 asks
      // tracking to batch its writes, not to reach the read routes' share of bare Hono: its
      // share is reported without that target.
      {
        name: 'GET /api/track/view-vocal/:id (a new listener each time)',
        path: `/api/track/view-vocal/${id}`,
        forwardedFor: true,
        settle: () => server.running.services.listens.flush(),
      },
    ];
    for (const route of chosen(routes)) {
      const sample = await fetch(`${server.url}${route.path}`, {
        headers: { 'accept-encoding': 'identity', ...(route.forwardedFor ? { 'x-forwarded-for': '192.0.2.1' } : {}) },
      });
      if (sample.status !== 200) throw new Error(`${route.path} answered ${sample.status}`);
      const body = new Uint8Array(await sample.arrayBuffer());
      bare.answer(body, sample.headers.get('content-type') ?? 'application/octet-stream');
      const [baseline, ours] = (await load([
        { url: bare.url },
        { url: `${server.url}${route.path}`, forwardedFor: route.forwardedFor, settle: route.settle },
      ])) as [LoadResult, LoadResult];
      if (ours.failures > 0 || baseline.failures > 0) throw new Error(`${route.path}: ${ours.failures} failed answers`);
      const ratio = (100 * ours.perSecond) / baseline.perSecond;
      const how = `${CONNECTIONS} keep-alive connections from a worker thread, bare and ours in turn ${ROUNDS} times ${PHASE_MS / 1000} s each after ${WARM_UP_MS / 1000} s of warm-up; ours ${Math.round(ours.perSecond)} requests/s (p50 ${ours.p50.toFixed(1)} ms), bare Hono ${Math.round(baseline.perSecond)} requests/s answering the same ${body.length} bytes (p99 ${baseline.p99.toFixed(1)} ms)${route.settle ? `; writing each phase's batch of listens (${Math.round(ours.settleMs)} ms in all) counted in ours` : ''}`;
      await recordResult({
        suite: 'listen path',
        name: `${route.name}, share of bare Hono's throughput, ${backend}`,
        value: Math.round(ratio),
        unit: '%',
        ...(route.settle ? {} : { target: { value: RATIO_TARGET, better: 'higher' as const } }),
        method: how,
      });
      await recordResult({
        suite: 'listen path',
        name: `${route.name}, p99 latency at that load, ${backend}`,
        value: Number(ours.p99.toFixed(1)),
        unit: 'ms',
        target: { value: P99_TARGET_MS, better: 'lower' },
        method: how,
      });
    }
  } finally {
    await bare.close();
    await server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // LISTEN_BENCH_BACKENDS=pglite (or postgres) measures one database only.
  const only = process.env.LISTEN_BENCH_BACKENDS?.split(',');
  for (const backend of backends.filter((name) => !only || only.includes(name))) await benchListenPath(backend);
}
