import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { makeLongMp3 } from '@vocal/test-fixtures';
import { recordResult } from '@vocal/bench';
import { startApiProcess, type ApiProcess } from '@vocal/e2e';
import { samplePeaks, samplePng, threeSecondMp3, uploadForm } from '../test/harness/upload-form.ts';

/**
 * Issue 8, finding 2: memory must not grow with the size or number of uploads. A real server
 * process (PGlite, fresh data folder) is measured from outside, its resident set read from
 * /proc while the uploads run:
 * - 50 concurrent 5 MB MP3 uploads by a Pro owner (accepted, each streamed to a temporary
 *   file and checked from disk);
 * - 16 concurrent anonymous 100 MB posts without a visitor reservation (refused with 401
 *   before the body is read; each client sends until the server answers);
 * - 16 concurrent 100 MB posts by the owner, an MP3 start and then filler (refused with 400
 *   once the junk shows).
 * Growth is the peak during the burst over the resident set just before it.
 */
const ACCEPTED_UPLOADS = 50;
const ACCEPTED_BYTES = 5 * 1024 * 1024;
const WARM_UP_UPLOADS = 8;
const REFUSED_UPLOADS = 16;
const REFUSED_BYTES = 100 * 1024 * 1024;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kilobytes) throw new Error('No VmRSS in /proc status');
  return Number(kilobytes) * 1024;
}

/** The peak resident set of `pid` while `work` runs, sampled every 20 ms. */
export async function peakDuring(pid: number, work: () => Promise<void>): Promise<number> {
  let peak = await residentBytes(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await residentBytes(pid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  return Math.max(peak, await residentBytes(pid));
}

async function call(
  api: ApiProcess,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A POST that declares `bytes`, sends `start` and then filler (from one reused buffer) until
 * the server answers.
 */
function postOnce(
  url: string,
  path: string,
  bytes: number,
  options: { headers?: Record<string, string>; start?: Uint8Array; method?: string } = {},
): Promise<number> {
  const chunk = Buffer.alloc(1024 * 1024, 0x41);
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    let answered = false;
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(bytes), ...options.headers },
      },
      (response) => {
        answered = true;
        response.resume();
        response.on('end', () => {
          outgoing.destroy();
          resolve(response.statusCode ?? 0);
        });
      },
    );
    outgoing.on('error', (error) => (answered ? undefined : reject(error)));
    let sent = 0;
    if (options.start) {
      outgoing.write(options.start);
      sent += options.start.length;
    }
    const send = () => {
      while (!answered && sent < bytes) {
        sent += chunk.length;
        if (!outgoing.write(chunk)) return void outgoing.once('drain', send);
      }
      if (!answered) outgoing.end();
    };
    send();
  });
}

/**
 * postOnce, sent again (up to twice) when the connection was reset before the answer came:
 * a server that refuses a body it will not read answers and closes, and a client still
 * writing can meet the reset before it reads the answer. That is the client's race, not
 * memory; the resets are counted and shown with the result.
 */
let resets = 0;
export async function postUntilAnswered(...args: Parameters<typeof postOnce>): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await postOnce(...args);
    } catch (error) {
      if (attempt === 3) throw error;
      resets++;
    }
  }
}

export async function benchUploadMemory(): Promise<void> {
  const api = await startApiProcess({ env: { VISITOR_RATE_LIMIT: '100000', LOG_LEVEL: 'error' } });
  try {
    const handoff = JSON.parse(await readFile(join(api.dataDir, 'server.json'), 'utf8')) as { pid: number; adminToken: string };
    const email = `bench-${Date.now()}@example.com`;
    const signedUp = await call(api, 'POST', '/api/auth', { json: { email, password: 'correct horse battery staple' } });
    const token = signedUp.access_token as string;
    // Pro: 5 MB of 64 kbit/s MP3 plays 11 minutes, longer than Free's minute.
    await call(api, 'POST', '/api/admin/users/plan', { json: { email, plan: 'pro' }, headers: { 'x-admin-token': handoff.adminToken } });

    const mp3 = (await makeLongMp3(700)).subarray(0, ACCEPTED_BYTES);
    const image = samplePng();
    const uploadOne = async (id: string, recording: Uint8Array = mp3) => {
      const response = await fetch(`${api.url}/api/upload-vocal?id=${id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: uploadForm({ recording, image, context: { id, duration: recording === mp3 ? 655 : 3, peaks: samplePeaks } }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`upload-vocal answered ${response.status}`);
    };
    const reserveMany = (count: number) =>
      Promise.all(Array.from({ length: count }, async () => (await call(api, 'GET', '/api/get-vocal', { token })).id as string));

    // Warm up, so that what is measured is what more and larger uploads cost, not what the
    // server pays once in its life: a burst of short takes loads the code paths and the
    // database's caches and grows V8's young generation to its size under load (an idle
    // server keeps it small: startup-heap.ts), and their transcripts start the media worker
    // and the recogniser. Without this the media worker's start fell inside the burst and was
    // most of its "growth" (2026-11-27: 110-190 MB; 25-40 MB once the worker had started).
    const warmUps = await reserveMany(WARM_UP_UPLOADS);
    await Promise.all(warmUps.map(async (id) => uploadOne(id, await threeSecondMp3())));
    for (const id of warmUps) {
      while ((await call(api, 'GET', `/api/transcription/${id}`, { token })).status === 'loading') await pause(200);
    }

    const ids = await reserveMany(ACCEPTED_UPLOADS);
    const beforeAccepted = await residentBytes(handoff.pid);
    const peakAccepted = await peakDuring(handoff.pid, async () => {
      await Promise.all(ids.map((id) => uploadOne(id)));
    });
    await recordResult({
      suite: 'api uploads',
      name: `resident memory growth, ${ACCEPTED_UPLOADS} concurrent 5 MB uploads`,
      value: megabytes(peakAccepted - beforeAccepted),
      unit: 'MB',
      target: { value: 100, better: 'lower' },
      method: `real server process (PGlite), after ${WARM_UP_UPLOADS} concurrent short takes and their transcripts; peak VmRSS during the burst minus VmRSS before (${megabytes(beforeAccepted)} MB)`,
    });

    resets = 0;
    const beforeRefused = await residentBytes(handoff.pid);
    const statuses: number[] = [];
    const peakRefused = await peakDuring(handoff.pid, async () => {
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: REFUSED_UPLOADS }, () => postUntilAnswered(api.url, '/api/upload-vocal', REFUSED_BYTES)),
        )),
      );
    });
    if (statuses.some((status) => status !== 401)) throw new Error(`Refused uploads answered ${statuses.join(', ')}`);
    await recordResult({
      suite: 'api uploads',
      name: `resident memory growth, ${REFUSED_UPLOADS} concurrent anonymous 100 MB uploads (401)`,
      value: megabytes(peakRefused - beforeRefused),
      unit: 'MB',
      target: { value: 50, better: 'lower' },
      method: `real server process (PGlite); peak VmRSS during the burst minus VmRSS before (${megabytes(beforeRefused)} MB); ${resets} reset before the answer and sent again`,
    });

    // The owner's own uploads of an MP3 followed by junk: read until the junk shows, then 400.
    const junkIds = await reserveMany(REFUSED_UPLOADS);
    const partHeader = new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="recording"; filename="r.mp3"\r\n\r\n');
    const start = new Uint8Array(Buffer.concat([partHeader, mp3.subarray(0, 64 * 1024)]));
    resets = 0;
    const beforeJunk = await residentBytes(handoff.pid);
    const junkStatuses: number[] = [];
    const peakJunk = await peakDuring(handoff.pid, async () => {
      junkStatuses.push(
        ...(await Promise.all(
          junkIds.map((id) =>
            postUntilAnswered(api.url, `/api/upload-vocal?id=${id}`, REFUSED_BYTES, {
              headers: { authorization: `Bearer ${token}` },
              start,
            }),
          ),
        )),
      );
    });
    if (junkStatuses.some((status) => status !== 400)) throw new Error(`Junk uploads answered ${junkStatuses.join(', ')}`);
    await recordResult({
      suite: 'api uploads',
      name: `resident memory growth, ${REFUSED_UPLOADS} concurrent 100 MB MP3-then-junk uploads by the owner (400)`,
      value: megabytes(peakJunk - beforeJunk),
      unit: 'MB',
      target: { value: 50, better: 'lower' },
      method: `real server process (PGlite); 64 KB of MP3, then filler until the server answers; peak VmRSS minus VmRSS before (${megabytes(beforeJunk)} MB); ${resets} reset before the answer and sent again`,
    });
  } finally {
    await api.stop();
  }
}
