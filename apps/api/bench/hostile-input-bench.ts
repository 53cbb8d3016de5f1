import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeBombPng, makePng } from '@vocal/test-fixtures';
import { recordResult } from '@vocal/bench';
import { startApiProcess } from '@vocal/e2e';
import { peakDuring, postUntilAnswered, residentBytes } from './upload-bench.ts';

/**
 * Issue 23, "Done when": what one hostile request costs a real server process (PGlite, fresh
 * data folder), measured from outside as in upload-bench.ts: a 600 MB body to a JSON route
 * (finding 1: it answered 500 after 35 s and left the server 0.56 GB larger) and a 16000 × 16000
 * PNG as a picture (finding 2: +1.26 GB per card). Growth is the peak during the request over
 * the resident set just before it; target ≤ 50 MB each.
 */
const BODY_BYTES = 600 * 1024 * 1024;
const BOMBS = 4;
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function benchHostileInputMemory(): Promise<void> {
  const api = await startApiProcess({ env: { LOG_LEVEL: 'error' } });
  try {
    const { pid } = JSON.parse(await readFile(join(api.dataDir, 'server.json'), 'utf8')) as { pid: number };
    const signedUp = await fetch(`${api.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'correct horse battery staple' }),
    });
    const token = ((await signedUp.json()) as { access_token: string }).access_token;
    const picture = (bytes: Uint8Array) => {
      const form = new FormData();
      form.set('img', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'avatar.png');
      return fetch(`${api.url}/api/image`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    };
    // Warm up: a picture that is accepted starts the media worker, which is not what is measured.
    const warm = await picture(makePng(800, 600));
    if (warm.status !== 200) throw new Error(`A plain picture answered ${warm.status}`);

    const beforeBody = await residentBytes(pid);
    let bodyStatus = 0;
    const started = performance.now();
    const peakBody = await peakDuring(pid, async () => {
      bodyStatus = await postUntilAnswered(api.url, '/api/transcription/zzzzzzzzzzzz', BODY_BYTES, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
    });
    const answeredMs = Math.round(performance.now() - started);
    await recordResult({
      suite: 'api hostile input',
      name: 'resident memory growth, a 600 MB body to a JSON route',
      value: megabytes(peakBody - beforeBody),
      unit: 'MB',
      target: { value: 50, better: 'lower' },
      method: `real server process (PGlite); PUT /api/transcription/zzzzzzzzzzzz declaring 600 MB, filler sent until the answer (${bodyStatus} after ${answeredMs} ms); peak VmRSS minus VmRSS before (${megabytes(beforeBody)} MB)`,
    });

    const bomb = makeBombPng(16000);
    const beforeBomb = await residentBytes(pid);
    const statuses: number[] = [];
    const peakBomb = await peakDuring(pid, async () => {
      statuses.push(...(await Promise.all(Array.from({ length: BOMBS }, async () => (await picture(bomb)).status))));
    });
    await recordResult({
      suite: 'api hostile input',
      name: 'resident memory growth, a 16000 × 16000 PNG',
      value: megabytes(peakBomb - beforeBomb),
      unit: 'MB',
      target: { value: 50, better: 'lower' },
      method: `real server process (PGlite); ${BOMBS} concurrent POST /api/image of a ${Math.round(bomb.byteLength / 1024)} KB PNG of 16000 × 16000 1-bit pixels (answered ${statuses.join(', ')}); peak VmRSS minus VmRSS before (${megabytes(beforeBomb)} MB)`,
    });
  } finally {
    await api.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await benchHostileInputMemory();
