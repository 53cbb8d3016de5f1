import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { signUpOverApi, startApiProcess, startFakeOpenAi, uniqueEmail, verboseJson, type ApiProcess } from '@vocal/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcess } from '../test/harness/process-call.ts';
import { samplePng, threeSecondMp3, uploadForm, waitFor } from '../test/harness/upload-form.ts';

/**
 * SIGTERM to a real server process while an upload's body is still arriving, a burst of listen
 * beacons is in flight, counted listens wait in the batch and a transcription job is running:
 * every request gets its answer, the process exits 0, and after a restart on the same data
 * folder the upload is there, every listen is counted and the job runs once.
 */
const METRICS_TOKEN = 'metrics-token-for-the-shutdown-test';
const LISTENS = 12;
const BEACONS = 6;

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;

/** A request whose body is sent in two halves, the second only when `release` is called. */
function heldRequest(base: string, path: string, init: { headers: Record<string, string>; body: Uint8Array }) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const half = Math.floor(init.body.byteLength / 2);
  let step = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (step === 0) controller.enqueue(init.body.subarray(0, half));
      else if (step === 1) {
        await released;
        controller.enqueue(init.body.subarray(half));
      } else controller.close();
      step++;
    },
  });
  const answered = fetch(`${base}${path}`, { method: 'POST', headers: init.headers, body, duplex: 'half' } as RequestInit).then(
    async (response) => ({ status: response.status, body: await response.text() }),
    (error: unknown) => ({ status: 0, body: String(error) }),
  );
  return { release, answered };
}

/** Whether the port still accepts connections. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** vocal_http_requests_in_flight from /metrics (the scrape itself included). */
async function requestsInFlight(base: string): Promise<number> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await response.text()).split('\n').find((entry) => entry.startsWith('vocal_http_requests_in_flight'));
  return Number(line?.split(' ').at(-1));
}

describe('graceful shutdown on SIGTERM', () => {
  let fake: Fake;
  let server: ApiProcess;
  let base: string;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startApiProcess({
      env: {
        TRANSCRIPTION_API_URL: fake.url,
        TRANSCRIPTION_API_KEY: 'sk-test',
        // Counted listens wait in memory: only the shutdown's flush writes them.
        LISTEN_FLUSH_MS: '60000',
        PUBLIC_CACHE_SECONDS: '0',
        TRUST_PROXY: 'true',
        METRICS_TOKEN,
        SHUTDOWN_GRACE_SECONDS: '120',
      },
    });
    base = server.url.replace('localhost', '127.0.0.1');
  });
  afterAll(async () => {
    await server.stop();
    await fake.close();
  });

  it('answers every request in flight, exits 0, and loses nothing; the job runs once after the restart', async () => {
    const email = uniqueEmail('shutdown');
    const token = await signUpOverApi(base, email);
    const { adminToken } = JSON.parse(await readFile(join(server.dataDir, 'server.json'), 'utf8')) as { adminToken: string };
    expect((await callProcess(base, 'POST', '/api/admin/users/plan', { admin: adminToken, json: { email, plan: 'pro' } })).status).toBe(
      200,
    );

    // A message whose transcription is running (its speech API holds the answer) at SIGTERM.
    fake.script('transcriptions', { kind: 'hang' });
    fake.fallback('transcriptions', { kind: 'answer', body: verboseJson('Go forward ten meters.') });
    const first = (await callProcess(base, 'GET', '/api/get-vocal', { token })).body as { id: string };
    const uploaded = await callProcess(base, 'POST', '/api/upload-vocal', {
      token,
      form: uploadForm({ recording: await threeSecondMp3(), image: samplePng(), context: { id: first.id, duration: 3, peaks: [0.5] } }),
    });
    expect(uploaded.status).toBe(200);
    await waitFor(
      async () => fake.transcriptionCalls(),
      (calls) => calls === 1,
    );

    // Listens counted but not yet written (LISTEN_FLUSH_MS), each from its own address.
    const listens = await Promise.all(
      Array.from({ length: LISTENS }, async (_, index) => {
        const response = await fetch(`${base}/api/track/view-vocal/${first.id}`, {
          headers: { 'x-forwarded-for': `203.0.113.${index + 1}` },
        });
        return { status: response.status, body: (await response.json()) as { counted: boolean; listen: string } };
      }),
    );
    expect(listens.every((listen) => listen.status === 200 && listen.body.counted)).toBe(true);

    // In flight at SIGTERM: an upload whose body is half sent, and a burst of heard beacons.
    const second = (await callProcess(base, 'GET', '/api/get-vocal', { token })).body as { id: string };
    const form = new Request('http://localhost/', {
      method: 'POST',
      body: uploadForm({ recording: await threeSecondMp3(), image: samplePng(), context: { id: second.id, duration: 3, peaks: [0.5] } }),
    });
    const upload = heldRequest(base, '/api/upload-vocal', {
      headers: { authorization: `Bearer ${token}`, 'content-type': form.headers.get('content-type')! },
      body: new Uint8Array(await form.arrayBuffer()),
    });
    const beacons = listens.slice(0, BEACONS).map((listen, index) =>
      heldRequest(base, `/api/track/heard/${first.id}`, {
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${index + 1}` },
        body: new TextEncoder().encode(JSON.stringify({ listen: listen.body.listen, heard: 0.5 + index / 100 })),
      }),
    );
    // The server holds all of them (and the scrape asking).
    await waitFor(
      () => requestsInFlight(base),
      (count) => count === 1 + BEACONS + 1,
    );

    const exited = server.terminate();
    // Draining: the port no longer takes connections; then the held bodies arrive.
    await waitFor(
      () => accepts(server.port),
      (open) => !open,
    );
    upload.release();
    for (const beacon of beacons) beacon.release();
    expect(await upload.answered).toMatchObject({ status: 200 });
    expect((await Promise.all(beacons.map((beacon) => beacon.answered))).map((answer) => answer.status)).toEqual(Array(BEACONS).fill(204));
    expect(await exited).toEqual({ code: 0, signal: null });
    // The running job was handed back: its request to the speech API was abandoned.
    expect(fake.transcriptionCalls()).toBe(1);

    await server.restart();
    base = server.url.replace('localhost', '127.0.0.1');
    expect((await callProcess(base, 'GET', `/api/view-vocal/${second.id}`)).status).toBe(200);
    const analytics = await callProcess(base, 'GET', `/api/analytics/${first.id}`, { token });
    expect(analytics.body).toMatchObject({ listens: LISTENS, uniqueListeners: LISTENS });
    const heardSum = Array.from({ length: BEACONS }, (_, index) => 0.5 + index / 100).reduce((sum, heard) => sum + heard);
    // Listens that sent no beacon count as heard 0.
    expect((analytics.body as { averageHeard: number }).averageHeard).toBeCloseTo(heardSum / LISTENS, 5);

    for (const id of [first.id, second.id]) {
      const state = await waitFor(
        async () => (await callProcess(base, 'GET', `/api/transcription/${id}`, { token })).body as { status: string },
        (body) => body.status !== 'loading',
      );
      expect(state).toMatchObject({ status: 'complete' });
    }
    // One call that hung before the shutdown, then one per message: the handed-back job ran once.
    expect(fake.transcriptionCalls()).toBe(3);

    // Listens still waiting in the batch at SIGTERM (no beacon after them flushes them) are written by the shutdown.
    for (let index = 0; index < 5; index++) {
      const response = await fetch(`${base}/api/track/view-vocal/${first.id}`, {
        headers: { 'x-forwarded-for': `198.51.100.${index + 1}` },
      });
      expect(await response.json()).toMatchObject({ counted: true });
    }
    expect(await server.terminate()).toEqual({ code: 0, signal: null });
    await server.restart();
    base = server.url.replace('localhost', '127.0.0.1');
    expect((await callProcess(base, 'GET', `/api/analytics/${first.id}`, { token })).body).toMatchObject({ listens: LISTENS + 5 });
  });
});
