import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { concatBytes, junkBytes, makePng } from '@vocal/test-fixtures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, recordings } from '../db/schema.ts';
import { probeAudioFile } from '../media/audio-file.ts';
import { IMAGES_PER_TEN_MINUTES } from '../http/api-limits.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { samplePeaks, samplePng, threeSecondMp3, uploadForm, waitFor } from '../../test/harness/upload-form.ts';
import { fromAddress, newAddress, reserveAsVisitor, shareCodeOf, uploadAsVisitor } from '../../test/harness/visitor-helpers.ts';
import { processScratchFolder } from '../processes/process-scratch.ts';

const repeat = (part: Uint8Array, times: number) => concatBytes(...Array.from({ length: times }, () => part));

/**
 * Sends the start of a POST and never finishes it: resolves with the status once the server
 * answers, so a test can show the server decided without reading the body.
 */
function answerBeforeBody(
  url: string,
  path: string,
  headers: Record<string, string>,
  firstBytes: Uint8Array = Buffer.alloc(64 * 1024, 0x41),
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    const outgoing = request(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: 'POST', headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          outgoing.destroy();
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    outgoing.on('error', reject);
    // The start of a body declared to be far larger, and then nothing: the request never ends.
    outgoing.write(firstBytes);
  });
}

describe.each(embeddedBackend)('upload hardening on %s', (backend) => {
  let server: TestServer;
  let mp3: Uint8Array;
  beforeAll(async () => {
    mp3 = await threeSecondMp3();
    server = await startTestServer(backend, { TRUST_PROXY: 'true' });
  });
  afterAll(() => server.close());

  const reserve = async (token: string) => (await server.call('GET', '/api/get-vocal', { token })).body.id as string;
  const upload = (token: string, id: string, recording: Uint8Array, target: TestServer = server) =>
    target.call('POST', '/api/upload-vocal', {
      token,
      form: uploadForm({ recording, image: samplePng(), context: { id, duration: 3, peaks: samplePeaks } }),
    });
  const rowOf = async (id: string, target: TestServer = server) =>
    (await target.running.services.db.select().from(recordings).where(eq(recordings.id, id)))[0];
  // The in-process test server's scratch folder is this process's.
  const temporaryFiles = async (target: TestServer = server) =>
    readdir(join(processScratchFolder(target.dataDir), 'uploads')).catch(() => [] as string[]);

  describe('the whole MP3 is checked', () => {
    it('refuses an MP3 followed by junk, stores nothing and leaves no temporary file', async () => {
      const user = await server.signUp();
      const id = await reserve(user.access);
      const reply = await upload(user.access, id, concatBytes(mp3, junkBytes(2 * 1024 * 1024)));
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toMatch(/^recording: more than 16 KB of the file is not MP3 audio/);
      expect((await rowOf(id))?.status).toBe('reserved');
      expect((await fetch(`${server.url}/files/${id}.mp3`)).status).toBe(404);
      expect(await temporaryFiles()).toEqual([]);
    });

    it('refuses junk as soon as it shows, without reading the rest of the body', async () => {
      const user = await server.signUp();
      const id = await reserve(user.access);
      const start = concatBytes(
        new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="recording"; filename="r.mp3"\r\n\r\n'),
        mp3,
        junkBytes(1024 * 1024),
      );
      const answer = await answerBeforeBody(
        server.url,
        `/api/upload-vocal?id=${id}`,
        {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(90 * 1024 * 1024),
          authorization: `Bearer ${user.access}`,
        },
        start,
      );
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).msg).toMatch(/^recording: more than 16 KB of the file is not MP3 audio/);
      expect((await rowOf(id))?.status).toBe('reserved');
      await waitFor(temporaryFiles, (files) => files.length === 0);
    });

    it('accepts an ID3v1 tag at the end', async () => {
      const user = await server.signUp();
      const id = await reserve(user.access);
      const tag = concatBytes(new TextEncoder().encode('TAG'), new Uint8Array(125));
      expect((await upload(user.access, id, concatBytes(mp3, tag))).status).toBe(200);
    });

    it('counts a second stream hidden behind a little junk toward the Free limit', async () => {
      const user = await server.signUp();
      const id = await reserve(user.access);
      // 30 s, 1 KB of junk, then 60 s more: plays 90 s, over the Free minute.
      const reply = await upload(user.access, id, concatBytes(repeat(mp3, 10), junkBytes(1024), repeat(mp3, 20)));
      expect(reply.status).toBe(403);
      expect(reply.body.msg).toMatch(/at most 1 minute/);
      expect((await rowOf(id))?.status).toBe('reserved');
    });

    it("counts it toward a visitor's 5 minutes too", async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const reserved = await reserveAsVisitor(server, `collect:${code}`);
      const recording = concatBytes(repeat(mp3, 10), junkBytes(1024), repeat(mp3, 100));
      const reply = await uploadAsVisitor(server, reserved.body.id, { recording });
      expect(reply.status).toBe(403);
      expect(reply.body.msg).toMatch(/at most 5 minutes/);
      expect((await rowOf(reserved.body.id))?.status).toBe('reserved');
    });
  });

  describe('authorization comes before the body', () => {
    const bigUpload = { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(100 * 1024 * 1024) };

    it('answers 401 to an anonymous upload with no visitor reservation in the address before reading its body', async () => {
      const answer = await answerBeforeBody(server.url, '/api/upload-vocal', bigUpload);
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body).msg).toMatch(/^Sign in first/);
      // An owner's reservation named in the address needs the owner's token, also before the body.
      const owner = await server.signUp();
      const id = await reserve(owner.access);
      expect((await answerBeforeBody(server.url, `/api/upload-vocal?id=${id}`, bigUpload)).status).toBe(401);
      expect((await answerBeforeBody(server.url, '/api/upload-vocal', { ...bigUpload, 'x-recording-id': id })).status).toBe(401);
    });

    it('answers 413 to a body declared larger than the limit before reading it', async () => {
      const user = await server.signUp();
      const id = await reserve(user.access);
      const answer = await answerBeforeBody(server.url, `/api/upload-vocal?id=${id}`, {
        ...bigUpload,
        'content-length': String(200 * 1024 * 1024),
        authorization: `Bearer ${user.access}`,
      });
      expect(answer.status).toBe(413);
    });

    it('answers malformed multipart bodies with 400, never 500, and keeps nothing', async () => {
      const user = await server.signUp();
      const id = await reserve(user.access);
      const post = (contentType: string, body: string) =>
        server.call('POST', `/api/upload-vocal?id=${id}`, { token: user.access, headers: { 'content-type': contentType }, body });
      const cut = '--x\r\nContent-Disposition: form-data; name="recording"; filename="r.mp3"\r\n\r\nID3';
      for (const [contentType, body] of [
        ['multipart/form-data', 'no boundary at all'],
        ['multipart/form-data; boundary=x', 'not multipart inside'],
        ['multipart/form-data; boundary=x', cut],
      ] as const) {
        const reply = await post(contentType, body);
        expect(reply.status, `${contentType} ${body}`).toBe(400);
        expect(typeof reply.body.msg).toBe('string');
      }
      expect((await rowOf(id))?.status).toBe('reserved');
      expect(await temporaryFiles()).toEqual([]);
    });

    it('refuses an id in the address that is not the one in the context', async () => {
      const user = await server.signUp();
      const first = await reserve(user.access);
      const second = await reserve(user.access);
      const reply = await server.call('POST', `/api/upload-vocal?id=${first}`, {
        token: user.access,
        form: uploadForm({ recording: mp3, image: samplePng(), context: { id: second, duration: 3, peaks: [] } }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toMatch(/^context.id:/);
      expect((await rowOf(first))?.status).toBe('reserved');
      expect((await rowOf(second))?.status).toBe('reserved');
    });
  });

  describe('racing uploads of one id', () => {
    it('leave the row and the stored file in agreement', async () => {
      const user = await server.signUp();
      await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
      const id = await reserve(user.access);
      const storage = server.running.services.storage;
      const original = storage.putFile!.bind(storage);
      // The first upload to store its file is held until a second one tries to store its own
      // (or, when uploads are serialised and none ever will, a moment later).
      let putCalls = 0;
      let releaseFirst = () => {};
      const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
      storage.putFile = async (key, path, contentType) => {
        putCalls++;
        if (putCalls === 1) {
          const fallback = setTimeout(releaseFirst, 1000);
          await firstHeld;
          clearTimeout(fallback);
        } else {
          releaseFirst();
        }
        return original(key, path, contentType);
      };
      try {
        const short = upload(user.access, id, mp3);
        const long = upload(user.access, id, repeat(mp3, 10));
        const [first, second] = await Promise.all([short, long]);
        expect(first.status).toBe(200);
        expect(second.status).toBe(200);
        expect(second.body.url).toBe(first.body.url);
      } finally {
        storage.putFile = original;
      }
      const row = await rowOf(id);
      expect(row?.status).toBe('uploaded');
      const stored = await probeAudioFile(join(server.dataDir, 'files', row!.audioKey!));
      expect(Math.abs(stored!.durationSeconds - row!.duration)).toBeLessThan(0.01);
      expect(row!.audioBytes).toBe(
        (await fetch(`${server.url}/files/${row!.audioKey}`).then((response) => response.arrayBuffer())).byteLength,
      );
    });
  });

  it('takes over a claim whose upload died with its process', async () => {
    const user = await server.signUp();
    const id = await reserve(user.access);
    const longAgo = new Date(Date.now() - 6 * 60_000);
    await server.running.services.db.update(recordings).set({ status: 'uploading', uploadClaimedAt: longAgo }).where(eq(recordings.id, id));
    expect((await upload(user.access, id, mp3)).status).toBe(200);
    expect((await rowOf(id))?.status).toBe('uploaded');
  });

  it('leaves no public file and a free reservation when storing fails half way, so a retry succeeds', async () => {
    const user = await server.signUp();
    const id = await reserve(user.access);
    const storage = server.running.services.storage;
    const original = storage.put.bind(storage);
    storage.put = async (key, bytes, contentType) => {
      if (key === `${id}.png`) throw new Error('The disk is full');
      return original(key, bytes, contentType);
    };
    try {
      expect((await upload(user.access, id, mp3)).status).toBe(500);
    } finally {
      storage.put = original;
    }
    expect((await fetch(`${server.url}/files/${id}.mp3`)).status).toBe(404);
    expect((await rowOf(id))?.status).toBe('reserved');
    expect(await temporaryFiles()).toEqual([]);
    expect((await upload(user.access, id, mp3)).status).toBe(200);
  });

  describe('storage quotas', () => {
    let small: TestServer;
    beforeAll(async () => {
      // Room for one and a half of the test's MP3s per account; a visitor may add one a day.
      small = await startTestServer(backend, {
        TRUST_PROXY: 'true',
        STORAGE_QUOTA_FREE_MB: String((mp3.length * 1.5) / 1024 / 1024),
        VISITOR_STORAGE_CAP_MB: String((mp3.length * 1.2) / 1024 / 1024),
      });
    });
    afterAll(() => small.close());

    it('refuses with 413 an upload that would take an account over its quota, then anything once it is full', async () => {
      const user = await small.signUp();
      const first = (await small.call('GET', '/api/get-vocal', { token: user.access })).body.id;
      expect((await upload(user.access, first, mp3, small)).status).toBe(200);
      const second = (await small.call('GET', '/api/get-vocal', { token: user.access })).body.id;
      const refused = await upload(user.access, second, mp3, small);
      expect(refused.status).toBe(413);
      expect(refused.body.msg).toMatch(/^Your storage is full: .+ used\. Delete some messages or upgrade to Pro to make room\.$/);
      expect((await rowOf(second, small))?.status).toBe('reserved');
      expect(await temporaryFiles(small)).toEqual([]);

      // Once full, the answer comes before the body is read.
      await small.running.services.db
        .update(recordings)
        .set({ audioBytes: mp3.length * 2 })
        .where(eq(recordings.id, first));
      const full = await answerBeforeBody(small.url, `/api/upload-vocal?id=${second}`, {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(50 * 1024 * 1024),
        authorization: `Bearer ${user.access}`,
      });
      expect(full.status).toBe(413);
    });

    it('caps what one visitor address adds to an account in a day with 429; others still get through', async () => {
      const owner = await small.signUp();
      const code = await shareCodeOf(small, owner.access);
      const address = newAddress();
      const reservation = async () => (await reserveAsVisitor(small, `collect:${code}`)).body.id as string;
      expect((await uploadAsVisitor(small, await reservation(), { address })).status).toBe(200);
      const capped = await uploadAsVisitor(small, await reservation(), { address });
      expect(capped.status).toBe(429);
      expect(capped.body.msg).toMatch(/as much as one visitor may send here in a day/);
      expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(3600);
      // The owner's quota (1.5 files) is what stops the next visitor: the inbox is full.
      const full = await uploadAsVisitor(small, await reservation(), { address: newAddress() });
      expect(full.status).toBe(413);
      expect(full.body.msg).toBe('This inbox is full and cannot take more voice messages right now.');
    });

    it('counts pictures toward the quota', async () => {
      const user = await small.signUp();
      const picture = makePng(32, 32);
      const form = () => {
        const body = new FormData();
        body.set('img', new Blob([picture], { type: 'image/png' }), 'logo.png');
        return body;
      };
      expect((await small.call('POST', '/api/image', { token: user.access, form: form() })).status).toBe(200);
      // What is kept is the picture re-encoded (accounts/pictures.test.ts), counted as stored.
      const [stored] = await small.running.services.db.select().from(images).where(eq(images.userId, user.id));
      expect(stored?.bytes).toBeGreaterThan(0);
      expect(stored?.bytes).toBeLessThan(picture.length * 2);
      await small.running.services.db
        .update(images)
        .set({ bytes: mp3.length * 2 })
        .where(eq(images.userId, user.id));
      expect((await small.call('POST', '/api/image', { token: user.access, form: form() })).status).toBe(413);
      const id = (await small.call('GET', '/api/get-vocal', { token: user.access })).body.id;
      expect((await upload(user.access, id, mp3, small)).status).toBe(413);
    });
  });

  it(`limits pictures to ${IMAGES_PER_TEN_MINUTES} per account per ten minutes with 429`, async () => {
    const user = await server.signUp();
    const other = await server.signUp();
    const form = () => {
      const body = new FormData();
      body.set('img', new Blob([makePng(8, 8)], { type: 'image/png' }), 'me.png');
      return body;
    };
    for (let count = 0; count < IMAGES_PER_TEN_MINUTES; count++) {
      expect((await server.call('POST', '/api/image', { token: user.access, form: form() })).status).toBe(200);
    }
    const refused = await server.call('POST', '/api/image', { token: user.access, form: form(), headers: fromAddress(newAddress()) });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^Too many pictures uploaded/);
    expect((await server.call('POST', '/api/image', { token: other.access, form: form() })).status).toBe(200);
  });
});
