import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../storage/storage.ts';
import { parsePrometheusText, sumOf, type PrometheusSample } from '../../test/harness/prometheus-text.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { threeSecondMp3, waitFor } from '../../test/harness/upload-form.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';

/** The real storage, with lookups refused while `refusing` is on. */
function refusingLookups(storage: Storage, state: { refusing: boolean }): Storage {
  return {
    kind: storage.kind,
    put: (key, bytes, contentType) => storage.put(key, bytes, contentType),
    ...(storage.putFile ? { putFile: (key: string, path: string, contentType: string) => storage.putFile!(key, path, contentType) } : {}),
    stat: (key) => (state.refusing ? Promise.reject(new Error('connect ECONNREFUSED')) : storage.stat(key)),
    read: (key, range) => storage.read(key, range),
    copy: (from, to) => storage.copy(from, to),
    delete: (key) => storage.delete(key),
    list: (options) => storage.list(options),
    publicUrl: (key) => storage.publicUrl(key),
  };
}

describe.each(embeddedBackend)('/metrics on %s', (backend) => {
  const storageState = { refusing: false };
  let server: TestServer;
  let unset: TestServer;
  beforeAll(async () => {
    [server, unset] = await Promise.all([
      startTestServer(
        backend,
        { METRICS_TOKEN, TRANSCRIBER: 'none' },
        { wrapStorage: (storage) => refusingLookups(storage, storageState) },
      ),
      startTestServer(backend),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), unset?.close()]);
  });

  async function scrape(): Promise<PrometheusSample[]> {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await response.text());
  }

  it('is off, 404 with {msg}, when METRICS_TOKEN is unset', async () => {
    const reply = await unset.call('GET', '/metrics', { token: METRICS_TOKEN });
    expect(reply.status).toBe(404);
    expect(reply.body.msg).toMatch(/METRICS_TOKEN/);
  });

  it('is 401 with {msg} without the token or with another', async () => {
    for (const authorization of [undefined, `Bearer ${METRICS_TOKEN}x`, `Bearer ${METRICS_TOKEN.slice(1)}`, METRICS_TOKEN, 'Bearer ']) {
      const reply = await server.call('GET', '/metrics', { headers: authorization ? { authorization } : {} });
      expect(reply.status, String(authorization)).toBe(401);
      expect(typeof reply.body.msg).toBe('string');
    }
    // A user's own access token is not a scraper's.
    const user = await server.signUp();
    expect((await server.call('GET', '/metrics', { token: user.access })).status).toBe(401);
  });

  it('counts an upload and a listen by route pattern and status class, with the bytes uploaded', async () => {
    const before = await scrape();
    const user = await server.signUp();
    const id = await ownerMessage(server, user.access);
    for (let listen = 0; listen < 3; listen++) expect((await server.call('GET', `/api/view-vocal/${id}`)).status).toBe(200);
    expect((await server.call('GET', `/listen/${id}`)).status).toBe(200);
    expect((await server.call('GET', '/api/view-vocal/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string>) => sumOf(after, name, labels) - sumOf(before, name, labels);
    expect(moved('vocal_http_requests_total', { method: 'POST', route: '/api/upload-vocal', status: '2xx' })).toBe(1);
    expect(moved('vocal_http_requests_total', { method: 'GET', route: '/api/view-vocal/:id', status: '2xx' })).toBe(3);
    expect(moved('vocal_http_requests_total', { method: 'GET', route: '/api/view-vocal/:id', status: '4xx' })).toBe(1);
    expect(moved('vocal_http_requests_total', { method: 'GET', route: '/listen/:id', status: '2xx' })).toBe(1);
    expect(moved('vocal_http_request_duration_seconds_count', { route: '/api/view-vocal/:id' })).toBe(4);
    expect(moved('vocal_http_request_duration_seconds_bucket', { route: '/api/view-vocal/:id', le: '+Inf' })).toBe(4);
    expect(moved('vocal_upload_bytes_total', {})).toBe((await threeSecondMp3()).byteLength);
    // Route patterns, never paths: no label holds the message's id.
    expect(after.some((sample) => Object.values(sample.labels).some((value) => value.includes(id)))).toBe(false);
  });

  it("reports the process's own health: memory, CPU and the event loop's delay since the last scrape", async () => {
    const samples = await scrape();
    expect(sumOf(samples, 'process_resident_memory_bytes', {})).toBeGreaterThan(0);
    expect(samples.some((sample) => sample.name === 'process_cpu_seconds_total')).toBe(true);
    // Whatever the machine, a delay is a finite number of seconds, measured since the scrape before.
    const p99 = samples.find((sample) => sample.name === 'nodejs_eventloop_lag_p99_seconds');
    expect(p99?.value).toBeGreaterThanOrEqual(0);
    expect(p99?.labels.app).toBe('vocal');
  });

  it('shows the queue waiting by kind, and failed jobs', async () => {
    const queue = server.running.services.jobs.queue;
    // No worker handles this kind, so it waits for as long as the test looks.
    await queue.enqueue({ kind: 'metrics-probe', key: 'metrics-probe:1' });
    const waiting = await scrape();
    expect(sumOf(waiting, 'vocal_job_queue_depth', { kind: 'metrics-probe' })).toBe(1);
    expect(sumOf(waiting, 'vocal_job_oldest_waiting_seconds', { kind: 'metrics-probe' })).toBeGreaterThanOrEqual(0);
    expect(waiting.some((sample) => sample.name === 'vocal_job_oldest_waiting_seconds' && sample.labels.kind === 'metrics-probe')).toBe(
      true,
    );

    // Without a transcriber a transcript job gives up at once.
    await queue.enqueue({
      kind: 'transcribe',
      key: 'transcribe:metrics-test',
      payload: { recordingId: 'AAAAAAAAAAAAAAAAAAAAAA' },
      maxAttempts: 1,
    });
    server.running.worker.wake();
    await waitFor(scrape, (samples) => sumOf(samples, 'vocal_job_failures_total', { kind: 'transcribe', outcome: 'failed' }) === 1);
  });

  it('counts storage errors by operation', async () => {
    const before = sumOf(await scrape(), 'vocal_storage_errors_total', { operation: 'stat' });
    storageState.refusing = true;
    try {
      expect((await server.call('GET', '/ready')).status).toBe(503);
    } finally {
      storageState.refusing = false;
    }
    // At least: a background sweep may have looked something up in the same moment.
    expect(sumOf(await scrape(), 'vocal_storage_errors_total', { operation: 'stat' }) - before).toBeGreaterThanOrEqual(1);
  });
});
