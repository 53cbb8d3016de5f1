import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeLongMp3 } from '@vocal/test-fixtures';
import { recordResult } from '@vocal/bench';
import { startApiProcess } from '@vocal/e2e';
import { samplePeaks, samplePng, threeSecondMp3, uploadForm } from '../test/harness/upload-form.ts';
import { peakDuring, residentBytes } from './upload-bench.ts';

/**
 * Issue 26: 50 recorders sending their MP3 to one server while they record (tus, src/uploads/).
 * A real server process (PGlite, fresh data folder) measured from outside:
 * - its resident set while 50 uploads stream at once, each a PATCH of 8 KB (what the recorder
 *   sends, about a second of speech) every 250 ms, four times faster than people speak, to the
 *   end, and then completes with upload-vocal without a recording part;
 * - the event loop's delay meanwhile, as the server itself measures it (monitorEventLoopDelay,
 *   read through /metrics: its percentiles cover the time since the scrape before the burst),
 *   and, as a user would meet it, how long the server takes to answer GET /health, asked every
 *   20 ms. That round trip also waits for this process, which runs the 50 recorders on the same
 *   two cores, and for the requests queued before it, so it only bounds the delay from above.
 */
const UPLOADS = 50;
const PIECES = 60;
const PIECE_BYTES = 8 * 1024;
const PIECE_EVERY_MS = 250;
const PROBE_EVERY_MS = 20;

/**
 * When each recorder starts within the first piece's interval: people press Record at different
 * moments, so their pieces do not arrive in one volley. Spread evenly, so every run is the same.
 */
const startOffsetMs = (index: number) => (index * PIECE_EVERY_MS) / UPLOADS;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const TUS = { 'tus-resumable': '1.0.0' };
const METRICS_TOKEN = 'progressive-upload-bench-metrics';

export async function benchProgressiveUploads(): Promise<void> {
  const api = await startApiProcess({ env: { LOG_LEVEL: 'error', TRANSCRIBER: 'none', METRICS_TOKEN } });
  /** The server's own event-loop delay p99 since the scrape before, in ms. */
  const eventLoopP99 = async () => {
    const text = await (await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const line = /^nodejs_eventloop_lag_p99_seconds\{[^}]*\} (\S+)$/m.exec(text);
    if (!line) throw new Error('/metrics has no nodejs_eventloop_lag_p99_seconds');
    return Number(line[1]) * 1000;
  };
  try {
    const handoff = JSON.parse(await readFile(join(api.dataDir, 'server.json'), 'utf8')) as { pid: number; adminToken: string };
    const email = `bench-progressive-${Date.now()}@example.com`;
    const signedUp = (await (
      await fetch(`${api.url}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct horse battery staple' }),
      })
    ).json()) as { access_token: string };
    const auth = { authorization: `Bearer ${signedUp.access_token}` };
    await fetch(`${api.url}/api/admin/users/plan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': handoff.adminToken },
      body: JSON.stringify({ email, plan: 'pro' }),
    });
    const image = samplePng();

    /** One recorder: reserve, create, PATCH piece by piece at the recorder's pace, complete. */
    async function recordOne(mp3: Uint8Array, pieceEveryMs: number, startAfterMs = 0): Promise<void> {
      await pause(startAfterMs);
      const reserved = (await (await fetch(`${api.url}/api/get-vocal`, { headers: auth })).json()) as { id: string };
      const id = reserved.id;
      const created = await fetch(`${api.url}/api/uploads`, {
        method: 'POST',
        headers: { ...TUS, ...auth, 'upload-defer-length': '1', 'upload-metadata': `recordingId ${Buffer.from(id).toString('base64')}` },
      });
      if (created.status !== 201) throw new Error(`POST /api/uploads answered ${created.status}`);
      for (let offset = 0; offset < mp3.length; offset += PIECE_BYTES) {
        const end = Math.min(mp3.length, offset + PIECE_BYTES);
        const patched = await fetch(`${api.url}/api/uploads/${id}`, {
          method: 'PATCH',
          headers: {
            ...TUS,
            ...auth,
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(offset),
            ...(end === mp3.length ? { 'upload-length': String(mp3.length) } : {}),
          },
          body: mp3.subarray(offset, end),
        });
        await patched.arrayBuffer();
        if (patched.status !== 204) throw new Error(`PATCH answered ${patched.status}`);
        if (end < mp3.length) await pause(pieceEveryMs);
      }
      const shared = await fetch(`${api.url}/api/upload-vocal?id=${id}`, {
        method: 'POST',
        headers: auth,
        body: uploadForm({ image, context: { id, duration: 60, peaks: samplePeaks } }),
      });
      await shared.arrayBuffer();
      if (shared.status !== 200) throw new Error(`upload-vocal answered ${shared.status}`);
    }

    // Warm up: the code paths, the database's caches, the picture worker.
    const short = await threeSecondMp3();
    await Promise.all(Array.from({ length: 8 }, () => recordOne(short, 0)));

    const mp3 = (await makeLongMp3(80)).subarray(0, PIECES * PIECE_BYTES);
    const delays: number[] = [];
    let streaming = true;
    const probe = (async () => {
      while (streaming) {
        const started = performance.now();
        await (await fetch(`${api.url}/health`)).arrayBuffer();
        delays.push(performance.now() - started);
        await pause(PROBE_EVERY_MS);
      }
    })();
    const before = await residentBytes(handoff.pid);
    await eventLoopP99();
    const started = performance.now();
    const peak = await peakDuring(handoff.pid, async () => {
      await Promise.all(Array.from({ length: UPLOADS }, (_, index) => recordOne(mp3, PIECE_EVERY_MS, startOffsetMs(index))));
    });
    const seconds = (performance.now() - started) / 1000;
    const serverP99 = await eventLoopP99();
    streaming = false;
    await probe;
    delays.sort((left, right) => left - right);
    const roundTrip = (share: number) => (delays[Math.floor(delays.length * share)] ?? 0).toFixed(1);

    await recordResult({
      suite: 'api uploads',
      name: `resident memory growth, ${UPLOADS} concurrent progressive uploads (tus)`,
      value: megabytes(peak - before),
      unit: 'MB',
      target: { value: 100, better: 'lower' },
      method: `real server process (PGlite), after 8 warm-up uploads; each of ${UPLOADS} sends ${PIECES} PATCHes of 8 KB every ${PIECE_EVERY_MS} ms and completes with upload-vocal (${seconds.toFixed(1)} s in all); peak VmRSS minus VmRSS before (${megabytes(before)} MB)`,
    });
    await recordResult({
      suite: 'api uploads',
      name: `event-loop delay p99 while ${UPLOADS} progressive uploads stream`,
      value: Math.round(serverP99 * 10) / 10,
      unit: 'ms',
      target: { value: 50, better: 'lower' },
      method: `the server's monitorEventLoopDelay (prom-client, 10 ms resolution) over the ${seconds.toFixed(1)} s burst, read from /metrics; GET /health round trip from the bench process, asked every ${PROBE_EVERY_MS} ms meanwhile: median ${roundTrip(0.5)} ms, p99 ${roundTrip(0.99)} ms (${delays.length} probes)`,
    });
  } finally {
    await api.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await benchProgressiveUploads();
