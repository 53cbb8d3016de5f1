import { readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { junkBytes, makeMp3 } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPictureHeader } from '../media/picture-size.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { samplePeaks, samplePng, threeSecondMp3, uploadForm, waitFor } from '../../test/harness/upload-form.ts';
import { fromAddress, newAddress, reserveAsVisitor } from '../../test/harness/visitor-helpers.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const metadataOf = (id: string) => `recordingId ${Buffer.from(id).toString('base64')}`;

/** tus 1.0 spoken by hand, as the protocol says, so the server is held to the protocol and not to one client. */
function tusClient(server: TestServer, auth: { token?: string; headers?: Record<string, string> }) {
  const headers = (extra: Record<string, string> = {}) => ({
    ...TUS,
    ...auth.headers,
    ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
    ...extra,
  });
  return {
    create: (id: string) =>
      fetch(`${server.url}/api/uploads`, {
        method: 'POST',
        headers: headers({ 'upload-defer-length': '1', 'upload-metadata': metadataOf(id) }),
      }),
    patch: (id: string, offset: number, bytes: Uint8Array, length?: number) =>
      fetch(`${server.url}/api/uploads/${id}`, {
        method: 'PATCH',
        headers: headers({
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
          ...(length === undefined ? {} : { 'upload-length': String(length) }),
        }),
        body: bytes,
      }),
    head: (id: string) => fetch(`${server.url}/api/uploads/${id}`, { method: 'HEAD', headers: headers() }),
  };
}

/** Sends `bytes` in `size`-byte PATCHes, declaring the length with the last; answers the last response. */
async function sendInChunks(client: ReturnType<typeof tusClient>, id: string, bytes: Uint8Array, size: number): Promise<Response> {
  let response: Response | null = null;
  for (let offset = 0; offset < bytes.length; offset += size) {
    const end = Math.min(bytes.length, offset + size);
    response = await client.patch(id, offset, bytes.subarray(offset, end), end === bytes.length ? bytes.length : undefined);
    if (response.status !== 204) return response;
  }
  return response!;
}

/** upload-vocal as the recorder sends it after streaming: the context alone (no recording, no picture). */
const finish = (server: TestServer, id: string, token?: string, headers?: Record<string, string>) =>
  server.call('POST', `/api/upload-vocal?id=${id}`, {
    token,
    headers,
    form: uploadForm({ context: { id, duration: 3, peaks: samplePeaks } }),
  });

describe.each(embeddedBackend)('progressive uploads (tus) on %s', (backend) => {
  let server: TestServer;
  let mp3: Uint8Array;
  const uploadsFolder = () => join(server.dataDir, 'progressive-uploads');
  beforeAll(async () => {
    mp3 = await threeSecondMp3();
    server = await startTestServer(backend, { TRUST_PROXY: 'true' });
  });
  afterAll(() => server.close());

  const reserve = async (token: string) => (await server.call('GET', '/api/get-vocal', { token })).body.id as string;

  /** A new owner's reservation with an upload begun in it, holding the MP3's first `firstBytes`. */
  async function begunUpload(firstBytes: number) {
    const owner = await server.signUp();
    const id = await reserve(owner.access);
    const client = tusClient(server, { token: owner.access });
    expect((await client.create(id)).status).toBe(201);
    if (firstBytes > 0) expect((await client.patch(id, 0, mp3.subarray(0, firstBytes))).status).toBe(204);
    return { owner, id, client };
  }

  it('takes the MP3 in pieces while it is recorded, and upload-vocal without a recording makes the message from them', async () => {
    const owner = await server.signUp();
    const id = await reserve(owner.access);
    const client = tusClient(server, { token: owner.access });
    const created = await client.create(id);
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/uploads/${id}`);
    // Pieces that cut frames in two, as a recorder's chunks do.
    const last = await sendInChunks(client, id, mp3, 7_001);
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(mp3.length));

    const shared = await finish(server, id, owner.access);
    expect(shared.status).toBe(200);
    expect(shared.body.url).toContain(id);
    const page = await server.call('GET', `/api/view-vocal/${id}`);
    expect(page.status).toBe(200);
    expect(page.body.audio.duration).toBeGreaterThan(2.9);
    const stored = await fetch(page.body.audio.audioUrl as string);
    expect(new Uint8Array(await stored.arrayBuffer())).toEqual(mp3);
    // The waveform picture was drawn here from the peaks: the recorder sent none.
    const picture = new Uint8Array(await (await fetch(page.body.audio.imageUrl as string)).arrayBuffer());
    expect(readPictureHeader(picture)).toMatchObject({ format: 'png', width: 1200, height: 300 });
    // Its bytes leave the upload folder once they are the message's (beside the answer).
    await waitFor(
      async () => (await readdir(uploadsFolder())).filter((name) => name.startsWith(id)),
      (left) => left.length === 0,
    );
  });

  it('says how much arrived (HEAD), refuses a PATCH at the wrong offset with {msg}, and resumes from what arrived', async () => {
    const owner = await server.signUp();
    const id = await reserve(owner.access);
    const client = tusClient(server, { token: owner.access });
    await client.create(id);
    expect((await client.patch(id, 0, mp3.subarray(0, 10_000))).status).toBe(204);
    const head = await client.head(id);
    expect(head.headers.get('upload-offset')).toBe('10000');
    const wrong = await client.patch(id, 5_000, mp3.subarray(5_000, 20_000));
    expect(wrong.status).toBe(409);
    expect(typeof ((await wrong.json()) as { msg: unknown }).msg).toBe('string');
    expect((await client.patch(id, 10_000, mp3.subarray(10_000), mp3.length)).status).toBe(204);
    expect((await finish(server, id, owner.access)).status).toBe(200);
  });

  it('refuses junk in a piece at once, keeps none of it, and leaves the reservation to be sent whole', async () => {
    const owner = await server.signUp();
    const id = await reserve(owner.access);
    const client = tusClient(server, { token: owner.access });
    await client.create(id);
    expect((await client.patch(id, 0, mp3.subarray(0, 8_000))).status).toBe(204);
    const junk = await client.patch(id, 8_000, junkBytes(64 * 1024));
    expect(junk.status).toBe(400);
    expect(((await junk.json()) as { msg: string }).msg).toMatch(/not MP3 audio/);
    expect((await client.head(id)).status).toBe(404);
    expect((await readdir(uploadsFolder())).filter((name) => name.startsWith(id))).toEqual([]);
    const whole = await server.call('POST', `/api/upload-vocal?id=${id}`, {
      token: owner.access,
      form: uploadForm({ recording: mp3, image: samplePng(), context: { id, duration: 3, peaks: samplePeaks } }),
    });
    expect(whole.status).toBe(200);
  });

  it('refuses bytes that are not MP3 at all within their first 32 KB', async () => {
    const owner = await server.signUp();
    const id = await reserve(owner.access);
    const client = tusClient(server, { token: owner.access });
    await client.create(id);
    const refused = await client.patch(id, 0, junkBytes(32 * 1024));
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { msg: string }).msg).toBe('recording: is not an MP3 file');
  });

  it("stops a Free plan message at its minute while it streams, with the plan's own message", async () => {
    const owner = await server.signUp();
    const id = await reserve(owner.access);
    const client = tusClient(server, { token: owner.access });
    await client.create(id);
    const long = await makeMp3(70);
    const refused = await sendInChunks(client, id, long, 16 * 1024);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { msg: string }).msg).toMatch(/Free plan messages can be at most 1 minute long/);
    expect((await client.head(id)).status).toBe(404);
  });

  it('lets only the reservation’s owner in: 401 without a token, 404 for anyone else, before any byte is kept', async () => {
    const owner = await server.signUp();
    const stranger = await server.signUp();
    const id = await reserve(owner.access);
    expect((await tusClient(server, {}).create(id)).status).toBe(401);
    const strangers = tusClient(server, { token: stranger.access });
    expect((await strangers.create(id)).status).toBe(404);
    await tusClient(server, { token: owner.access }).create(id);
    expect((await strangers.head(id)).status).toBe(404);
    expect((await strangers.patch(id, 0, mp3)).status).toBe(404);
    expect((await tusClient(server, {}).patch(id, 0, mp3)).status).toBe(401);
    expect((await tusClient(server, { token: owner.access }).head(id)).headers.get('upload-offset')).toBe('0');
    // Nor can a finished upload be read back by anyone.
    expect((await server.call('GET', `/api/uploads/${id}`, { token: owner.access })).status).toBe(405);
  });

  it('refuses a second creation of the same upload and one without a reservation id, with {msg}', async () => {
    const owner = await server.signUp();
    const id = await reserve(owner.access);
    const client = tusClient(server, { token: owner.access });
    expect((await client.create(id)).status).toBe(201);
    const again = await client.create(id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { msg: string }).msg).toMatch(/begun already/);
    const none = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { ...TUS, authorization: `Bearer ${owner.access}`, 'upload-defer-length': '1' },
    });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { msg: string }).msg).toMatch(/recordingId/);
  });

  it('takes a visitor’s reply without a token, under the visitors’ rules', async () => {
    const owner = await server.signUp();
    const address = newAddress();
    const message = await reserve(owner.access);
    await server.call('POST', `/api/upload-vocal?id=${message}`, {
      token: owner.access,
      form: uploadForm({ recording: mp3, image: samplePng(), context: { id: message, duration: 3, peaks: samplePeaks } }),
    });
    const reply = await reserveAsVisitor(server, `reply:${message}`, { address });
    expect(reply.status).toBe(200);
    const id = reply.body.id as string;
    const client = tusClient(server, { headers: fromAddress(address) });
    expect((await client.create(id)).status).toBe(201);
    expect((await sendInChunks(client, id, mp3, 9_999)).status).toBe(204);
    const shared = await finish(server, id, undefined, fromAddress(address));
    expect(shared.status).toBe(200);
    const replies = await server.call('GET', `/api/replies/${message}`, { token: owner.access });
    expect(replies.body.replies.map((entry: { id: string }) => entry.id)).toEqual([id]);
  });

  it('waits, when upload-vocal comes beside the last piece, for that piece', async () => {
    const { owner, id, client } = await begunUpload(5_000);
    // As the recorder does at Stop: upload-vocal leaves with the last PATCH, not after it.
    const [shared, last] = await Promise.all([finish(server, id, owner.access), client.patch(id, 5_000, mp3.subarray(5_000), mp3.length)]);
    expect(last.status).toBe(204);
    expect(shared.status).toBe(200);
    const page = await server.call('GET', `/api/view-vocal/${id}`);
    expect(new Uint8Array(await (await fetch(page.body.audio.audioUrl as string)).arrayBuffer())).toEqual(mp3);
  });

  it('answers upload-vocal without a recording, when nothing arrived, as before: the recording is required', async () => {
    const { owner, id, client } = await begunUpload(5_000);
    // Begun but left: the length was never declared, so it is not a recording. (Aged, so the
    // server does not wait for more: it gives up on an upload nothing has reached for a while.)
    const old = new Date(Date.now() - 60_000);
    await utimes(join(uploadsFolder(), id), old, old);
    expect((await client.head(id)).headers.get('upload-offset')).toBe('5000');
    const early = await finish(server, id, owner.access);
    expect(early.status).toBe(400);
    expect(early.body.msg).toBe('recording: a file is required');
  });

  it('lets only one of two racing PATCHes at the same offset in, and two racing completions make one message', async () => {
    const owner = await server.signUp();
    const id = await reserve(owner.access);
    const client = tusClient(server, { token: owner.access });
    await client.create(id);
    const racing = await Promise.all([client.patch(id, 0, mp3.subarray(0, 6_000)), client.patch(id, 0, mp3.subarray(0, 9_000))]);
    const statuses = racing.map((response) => response.status).sort();
    // The loser is told the offset moved (409) or that the upload is busy (423); never both in.
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(statuses.every((status) => [204, 409, 423].includes(status))).toBe(true);
    const winner = racing.find((response) => response.status === 204)!;
    const offset = Number(winner.headers.get('upload-offset'));
    expect((await client.head(id)).headers.get('upload-offset')).toBe(String(offset));
    expect((await client.patch(id, offset, mp3.subarray(offset), mp3.length)).status).toBe(204);

    const [first, second] = await Promise.all([finish(server, id, owner.access), finish(server, id, owner.access)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.url).toBe(second.body.url);
    const list = await server.call('GET', '/api/audio', { token: owner.access });
    expect(list.body.audios.filter((audio: { id: string }) => audio.id === id)).toHaveLength(1);
    const page = await server.call('GET', `/api/view-vocal/${id}`);
    expect(new Uint8Array(await (await fetch(page.body.audio.audioUrl as string)).arrayBuffer())).toEqual(mp3);
  });

  it('tells a listener who comes early that the message is arriving (202), and serves it once complete', async () => {
    const owner = await server.signUp();
    const id = await reserve(owner.access);
    // Reserved but nothing sent: unknown, as before.
    expect((await server.call('GET', `/api/view-vocal/${id}`)).status).toBe(404);
    const client = tusClient(server, { token: owner.access });
    await client.create(id);
    await client.patch(id, 0, mp3.subarray(0, 5_000));
    const early = await server.call('GET', `/api/view-vocal/${id}`);
    expect(early.status).toBe(202);
    expect(early.body).toEqual({ msg: 'This voice message is still arriving', arriving: true });
    expect(early.headers.get('cache-control')).toBe('no-store');
    const page = await fetch(`${server.url}/listen/${id}`);
    expect(page.status).toBe(202);
    const html = await page.text();
    expect(html).toContain(`"status":202,"id":"${id}"`);
    expect(html).toContain('noindex');
    await client.patch(id, 5_000, mp3.subarray(5_000), mp3.length);
    expect((await finish(server, id, owner.access)).status).toBe(200);
    expect((await server.call('GET', `/api/view-vocal/${id}`)).status).toBe(200);
    expect((await fetch(`${server.url}/listen/${id}`)).status).toBe(200);
  });

  it('no longer says arriving once the reservation is deleted, and takes no more of it', async () => {
    const { owner, id, client } = await begunUpload(5_000);
    expect((await server.call('DELETE', `/api/delete/${id}`, { token: owner.access })).status).toBe(200);
    expect((await server.call('GET', `/api/view-vocal/${id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/listen/${id}`)).status).toBe(404);
    // The PATCH just before was checked moments ago; the upload went with the message all the same.
    const late = await client.patch(id, 5_000, mp3.subarray(5_000, 10_000));
    expect(late.status).toBe(404);
    expect(typeof ((await late.json()) as { msg: unknown }).msg).toBe('string');
    expect((await readdir(uploadsFolder())).filter((name) => name.includes(id))).toEqual([]);
  });

  it('sweeps uploads nobody finished within a day', async () => {
    const { id, client } = await begunUpload(5_000);
    const old = new Date(Date.now() - 25 * 3_600_000);
    await utimes(join(uploadsFolder(), id), old, old);
    // And a record a crash left half-written beside it (atomic-file-kv-store.ts), as old.
    const leftover = join(uploadsFolder(), `.${id}.json.0123456789ab.partial`);
    await writeFile(leftover, '{"id":');
    await utimes(leftover, old, old);
    expect(await server.running.services.progressiveUploads.sweep()).toBeGreaterThanOrEqual(1);
    expect((await client.head(id)).status).toBe(404);
    expect((await readdir(uploadsFolder())).filter((name) => name.includes(id))).toEqual([]);
  });
});

describe.each(embeddedBackend)('progressive uploads and the storage quota on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // About 420 KB for a Free account: a 30-second message and a little more.
    server = await startTestServer(backend, { STORAGE_QUOTA_FREE_MB: '0.4' });
  });
  afterAll(() => server.close());

  it('refuses a piece the account has no room for, in the quota’s words, and takes it once room is made', async () => {
    const owner = await server.signUp();
    const reserve = async () => (await server.call('GET', '/api/get-vocal', { token: owner.access })).body.id as string;
    const kept = await reserve();
    const first = await makeMp3(30);
    const sent = await server.call('POST', '/api/upload-vocal', {
      token: owner.access,
      form: uploadForm({ recording: first, image: samplePng(), context: { id: kept, duration: 30, peaks: samplePeaks } }),
    });
    expect(sent.status).toBe(200);

    const id = await reserve();
    const client = tusClient(server, { token: owner.access });
    expect((await client.create(id)).status).toBe(201);
    const streamed = await makeMp3(25);
    expect((await client.patch(id, 0, streamed.subarray(0, 60_000))).status).toBe(204);
    // Beyond the room the first PATCH found: refused before a byte is read, the upload kept as it was.
    const full = await client.patch(id, 60_000, streamed.subarray(60_000, 200_000));
    expect(full.status).toBe(413);
    expect(((await full.json()) as { msg: string }).msg).toMatch(/Your storage is full/);
    expect((await client.head(id)).headers.get('upload-offset')).toBe('60000');

    // Room made at once (not after the route's few seconds of memory) is seen by the next PATCH.
    expect((await server.call('DELETE', `/api/delete/${kept}`, { token: owner.access })).status).toBe(200);
    expect((await client.patch(id, 60_000, streamed.subarray(60_000, 200_000))).status).toBe(204);
    expect((await client.head(id)).headers.get('upload-offset')).toBe('200000');
  });
});
