import { resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { makeLongMp3 } from '@vocal/test-fixtures';
import { recordResult } from '@vocal/bench';
import { recordings } from '../src/db/schema.ts';
import { reencodeToMp3 } from '../src/media/mp3-encoder.ts';
import { REENCODE_JOB } from '../src/recordings/audio-service.ts';
import { backends, startTestServer, type Backend, type TestServer } from '../test/harness/test-server.ts';
import { samplePng } from '../test/harness/upload-form.ts';

/**
 * Issue 8, finding 3: while the server re-encodes, its event loop must stay responsive. A
 * server runs in this process (PGlite, and PostgreSQL with TEST_DATABASE_URL) with its job worker; re-encode jobs of 60 s MP3s are
 * queued again the moment each finishes, so one is always running. Measured: the event loop's
 * delay (monitorEventLoopDelay) with nothing else going on, and GET /view-vocal throughput
 * and latency from 8 clients in this same process, idle and while re-encoding. For
 * comparison, the delay with the same re-encode run on the main thread, as before the pool.
 */
const RECORDING_SECONDS = 60;
const PARALLEL_RECORDINGS = 2;
const DELAY_SECONDS = 12;
const LOAD_SECONDS = 6;
const CLIENTS = 8;

const print = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (nanoseconds: number) => +(nanoseconds / 1e6).toFixed(1);

async function loopDelayWhile(seconds: number, during: (stop: () => boolean) => Promise<void> = async () => {}) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  const until = Date.now() + seconds * 1000;
  histogram.enable();
  await Promise.all([pause(seconds * 1000), during(() => Date.now() >= until)]);
  histogram.disable();
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}

async function viewVocalLoad(server: TestServer, id: string, seconds: number) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(`${server.url}/api/view-vocal/${id}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`view-vocal answered ${response.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    p99Ms: +latencies[Math.floor(latencies.length * 0.99)]!.toFixed(1),
    maxMs: +latencies.at(-1)!.toFixed(1),
  };
}

export async function benchMediaOffTheEventLoop(backend: Backend) {
  const server = await startTestServer(backend, { LOG_LEVEL: 'error', JOB_POLL_MS: '50' });
  try {
    const user = await server.signUp();
    await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
    const mp3 = await makeLongMp3(RECORDING_SECONDS);
    const png = samplePng();
    const ids: string[] = [];
    for (let index = 0; index < PARALLEL_RECORDINGS; index++) {
      const id = (await server.call('GET', '/api/get-vocal', { token: user.access })).body.id as string;
      // Stored as an upload would store it, without the upload route (not what is measured here).
      const { storage, db } = server.running.services;
      await storage.put(`${id}.mp3`, mp3, 'audio/mpeg');
      await storage.put(`${id}.png`, png, 'image/png');
      await db
        .update(recordings)
        .set({ status: 'uploaded', audioKey: `${id}.mp3`, imageKey: `${id}.png`, duration: RECORDING_SECONDS, uploadDate: new Date() })
        .where(eq(recordings.id, id));
      ids.push(id);
    }
    const listened = ids[0]!;
    // Warm up: the first view builds caches, the first re-encode starts a worker.
    await viewVocalLoad(server, listened, 1);

    const idleDelay = await loopDelayWhile(DELAY_SECONDS / 2);
    const idleLoad = await viewVocalLoad(server, listened, LOAD_SECONDS);

    const { queue } = server.running.services.jobs;
    let reencodes = 0;
    let stopping = false;
    const keepReencoding = async (id: string) => {
      const key = `${REENCODE_JOB}:${id}`;
      while (!stopping) {
        await queue.enqueue({ kind: REENCODE_JOB, key, payload: { recordingId: id } }, { again: true });
        server.running.worker.wake();
        for (;;) {
          const job = await queue.find(key);
          if (job?.state === 'failed') throw new Error(`re-encode failed: ${job.lastError}`);
          if (job?.state === 'done') break;
          await pause(50);
        }
        reencodes++;
      }
    };
    const reencoding = Promise.all(ids.map(keepReencoding));
    await pause(2000);
    const started = reencodes;
    const busyDelay = await loopDelayWhile(DELAY_SECONDS);
    const busyLoad = await viewVocalLoad(server, listened, LOAD_SECONDS);
    const reencodesDone = reencodes - started;
    stopping = true;
    await reencoding;

    // The same work on the main thread, as the server did before the pool.
    let inline = 0;
    const inlineDelay = await loopDelayWhile(DELAY_SECONDS / 2, async (stop) => {
      while (!stop()) {
        await reencodeToMp3(mp3);
        inline++;
      }
    });

    const result = {
      idleDelay,
      busyDelay,
      inlineDelay,
      idleLoad,
      busyLoad,
      reencodesDone,
      inline,
      workers: server.running.services.config.mediaWorkers,
    };
    print({ bench: 'media', database: backend, ...result });
    const method = `${RECORDING_SECONDS} s MP3s re-encoded by the job worker back to back (${reencodesDone} in ${DELAY_SECONDS + LOAD_SECONDS} s, ${result.workers} media worker), monitorEventLoopDelay at 10 ms resolution`;
    await recordResult({
      suite: 'media',
      name: `event loop delay p99 during continuous re-encoding, ${backend}`,
      value: busyDelay.p99,
      unit: 'ms',
      target: { value: 50, better: 'lower' },
      method: `${method}; idle ${idleDelay.p99} ms; the same re-encodes on the main thread (before the pool): p99 ${inlineDelay.p99} ms, max ${inlineDelay.max} ms`,
    });
    await recordResult({
      suite: 'media',
      name: `GET /view-vocal throughput during continuous re-encoding, ${backend}`,
      value: busyLoad.requestsPerSecond,
      unit: 'requests/s',
      method: `${CLIENTS} clients in the server's process for ${LOAD_SECONDS} s; idle ${idleLoad.requestsPerSecond} requests/s (p99 ${idleLoad.p99Ms} ms); while re-encoding p99 ${busyLoad.p99Ms} ms, max ${busyLoad.maxMs} ms`,
    });
  } finally {
    await server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const backend of backends) await benchMediaOffTheEventLoop(backend);
}
