import { writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordings } from '../db/schema.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';

type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decompress). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/;

/**
 * An answer with what differs per request taken out: the date, the request id (checked to be
 * there) and the CSP nonce, wherever it appears in headers and body.
 */
function comparable(answer: RawAnswer) {
  const nonce = NONCE.exec(String(answer.headers['content-security-policy'] ?? ''))?.[1];
  const strip = (text: string) => (nonce ? text.split(nonce).join('{nonce}') : text);
  const { date, 'x-request-id': requestId, ...all } = answer.headers;
  // A body the compress middleware streams goes with a length or chunked, as its compressor keeps
  // up; the replay sends a length. Compressed bytes differ too: what they decode to is compared.
  const compressed = all['content-encoding'] === 'gzip';
  const headers = compressed
    ? Object.fromEntries(Object.entries(all).filter(([name]) => name !== 'content-length' && name !== 'transfer-encoding'))
    : all;
  expect(date).toBeTruthy();
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  return {
    status: answer.status,
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, strip(String(value))])),
    body: strip((compressed ? gunzipSync(answer.body) : answer.body).toString('utf8')),
    nonce,
    requestId,
  };
}

describe.each(embeddedBackend)('listen-path answers sent again without the app, on %s', (backend) => {
  let server: TestServer;
  let id: string;
  let owner: { access: string };
  beforeAll(async () => {
    server = await startTestServer(backend, {
      PUBLIC_CACHE_SECONDS: '30',
      LISTEN_FLUSH_MS: '60000',
      TRUST_PROXY: 'true',
      METRICS_TOKEN: 'metrics-token-for-tests',
    });
    await writeFile(
      join(server.dataDir, 'web', 'listen.html'),
      '<!doctype html><html><head><title>Voice message · Vocal</title><!--vocal-head--><script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div><!--vocal-data--></body></html>',
    );
    owner = await server.signUp();
    id = await ownerMessage(server, owner.access, { subject: 'Replayed title' });
  });
  afterAll(() => server.close());

  const replayed = () => server.running.answerReplay.replayed;

  /** The same request twice: the first through the app, the second sent again; both compared. */
  async function twice(path: string, headers: Record<string, string> = {}) {
    server.running.services.publicPages.clear();
    const before = replayed();
    const slow = await rawGet(`${server.url}${path}`, headers);
    expect(replayed()).toBe(before);
    const fast = await rawGet(`${server.url}${path}`, headers);
    expect(replayed()).toBe(before + 1);
    return { slow: comparable(slow), fast: comparable(fast) };
  }

  it.each([
    ['the payload', () => `/api/view-vocal/${id}`, {}],
    ['the payload, gzipped', () => `/api/view-vocal/${id}`, { 'accept-encoding': 'gzip, deflate, br' }],
    ['the listen page', () => `/listen/${id}`, {}],
    ['the listen page with a query', () => `/listen/${id}?t=12`, { 'accept-encoding': 'identity' }],
    ['the embed player', () => `/embed/player/${id}`, {}],
    ['the listen page, gzipped as browsers ask', () => `/listen/${id}`, { 'accept-encoding': 'gzip, deflate, br, zstd' }],
    ['oEmbed', () => `/api/oembed?url=${encodeURIComponent(`${server.url}/listen/${id}`)}&maxwidth=400`, {}],
    ['the audio file', () => `/files/${id}.mp3`, {}],
    ['a range of the audio file', () => `/files/${id}.mp3`, { range: 'bytes=100-1099' }],
    ['the waveform picture', () => `/files/${id}.png`, {}],
  ])('sends %s with the same status, headers and body as the whole app', async (_name, path, headers) => {
    const { slow, fast } = await twice(path(), headers);
    expect(fast.status).toBeLessThan(300);
    expect(fast.headers).toEqual(slow.headers);
    expect(fast.body).toEqual(slow.body);
    expect(fast.body.length).toBeGreaterThan(0);
    // Its own request id and, on pages, its own nonce.
    expect(fast.requestId).not.toBe(slow.requestId);
    if (slow.nonce) expect(fast.nonce).not.toBe(slow.nonce);
  });

  it('holds a file in memory once it is answered again, sends the same bytes from there, and lets it go when its page changes', async () => {
    // A message of its own: no answer of another test holds its files.
    const path = `/files/${await ownerMessage(server, owner.access, { subject: 'Held in memory' })}.png`;
    const start = server.running.answerReplay.heldBytes;
    const { slow } = await twice(path);
    const size = Number(slow.headers['content-length']);
    // The second answer streamed it from disk and keeps the bytes once the file is read through.
    expect(size).toBeGreaterThan(0);
    await expect.poll(() => server.running.answerReplay.heldBytes).toBe(start + size);
    const held = start + size;
    const before = replayed();
    const third = comparable(await rawGet(`${server.url}${path}`));
    expect(replayed()).toBe(before + 1);
    expect(third.body).toEqual(slow.body);
    expect(third.headers).toEqual(slow.headers);
    expect(server.running.answerReplay.heldBytes).toBe(held);
    // A change to the message drops its kept answers, and the memory with them.
    server.running.services.publicPages.clear();
    const afterChange = comparable(await rawGet(`${server.url}${path}`));
    expect(afterChange.body).toEqual(slow.body);
    expect(server.running.answerReplay.heldBytes).toBe(held - size);
  });

  it('counts each anonymous listener on the replayed path with the same headers, and leaves signed-in ones to the app', async () => {
    const path = `/api/track/view-vocal/${id}`;
    const from = (address: string) => ({ 'x-forwarded-for': address });
    server.running.services.publicPages.clear();
    const start = replayed();
    const slow = comparable(await rawGet(`${server.url}${path}`, from('198.51.100.1')));
    expect(replayed()).toBe(start);
    const fast = comparable(await rawGet(`${server.url}${path}`, from('198.51.100.2')));
    expect(replayed()).toBe(start + 1);
    const [first, second] = [JSON.parse(slow.body), JSON.parse(fast.body)];
    expect(first).toEqual({ counted: true, listen: expect.any(String) });
    expect(second).toEqual({ counted: true, listen: expect.any(String) });
    expect(second.listen).not.toBe(first.listen);
    // Same headers, but for the length of each listener's own answer.
    const { 'content-length': _slowLength, ...slowHeaders } = slow.headers;
    const { 'content-length': fastLength, ...fastHeaders } = fast.headers;
    expect(fastHeaders).toEqual(slowHeaders);
    expect(Number(fastLength)).toBe(Buffer.byteLength(fast.body));
    // The same listener again within the visit: known, not counted, from the replayed path too.
    const before = replayed();
    expect(JSON.parse(comparable(await rawGet(`${server.url}${path}`, from('198.51.100.1'))).body)).toEqual({
      counted: false,
      listen: first.listen,
    });
    expect(replayed()).toBe(before + 1);
    // The owner, signed in, goes through the app and is never counted.
    const own = await rawGet(`${server.url}${path}`, { authorization: `Bearer ${owner.access}` });
    expect(JSON.parse(own.body.toString())).toEqual({ counted: false });
    expect(replayed()).toBe(before + 1);
  });

  it('answers a client holding the current version 304 the same way', async () => {
    const first = await rawGet(`${server.url}/api/view-vocal/${id}`);
    const { slow, fast } = await twice(`/api/view-vocal/${id}`, { 'if-none-match': String(first.headers.etag) });
    expect(slow.status).toBe(304);
    expect(fast.headers).toEqual(slow.headers);
    expect(fast.body).toBe('');
  });

  it('echoes a trusted proxy’s request id, and counts replayed requests in the metrics', async () => {
    const path = `/api/view-vocal/${id}`;
    await twice(path);
    const counted = async () => {
      const metrics = await rawGet(`${server.url}/metrics`, { authorization: 'Bearer metrics-token-for-tests' });
      const line = metrics.body
        .toString()
        .split('\n')
        .find(
          (text) =>
            text.startsWith('vocal_http_requests_total{') && text.includes('route="/api/view-vocal/:id"') && text.includes('status="2xx"'),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const before = await counted();
    const answer = await rawGet(`${server.url}${path}`, { 'x-request-id': 'proxy-trace-0123456789' });
    expect(answer.headers['x-request-id']).toBe('proxy-trace-0123456789');
    expect(await counted()).toBe(before + 1);
  });

  it('stops at once after a write, for a signed-in or cross-origin caller, and for an expired message', async () => {
    const path = `/api/view-vocal/${id}`;
    await twice(path);
    let before = replayed();
    const edited = await rawGet(`${server.url}${path}`, { authorization: `Bearer ${owner.access}` });
    expect(edited.status).toBe(200);
    await rawGet(`${server.url}${path}`, { origin: 'https://elsewhere.example' });
    expect(replayed()).toBe(before);

    const changed = await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { subject: 'Edited title' } });
    expect(changed.status).toBe(200);
    const after = await rawGet(`${server.url}${path}`);
    expect(JSON.parse(after.body.toString()).audio.subject).toBe('Edited title');
    expect(replayed()).toBe(before);

    // Expired while its page is cached and its answer kept: the app answers 410.
    await twice(`/listen/${id}`);
    await twice(`/files/${id}.mp3`);
    before = replayed();
    const cached = server.running.services.publicPages.peek(id)!;
    cached.expiresAt = Date.now() - 1000;
    await server.running.services.db
      .update(recordings)
      .set({ expiryDate: new Date(Date.now() - 1000) })
      .where(eq(recordings.id, id));
    expect((await rawGet(`${server.url}${path}`)).status).toBe(410);
    expect((await rawGet(`${server.url}/listen/${id}`)).status).toBe(410);
    expect((await rawGet(`${server.url}/files/${id}.mp3`)).status).toBeGreaterThanOrEqual(400);
    expect(replayed()).toBe(before);
  });
});
