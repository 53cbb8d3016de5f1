import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { makeBombPng, makePng } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, recordings, users } from '../db/schema.ts';
import { readPictureHeader } from '../media/picture-size.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../testing/test-server.ts';
import { samplePeaks, threeSecondMp3, uploadForm } from '../testing/upload-form.ts';
import { ownerMessage } from '../testing/visitor-helpers.ts';

/** A PNG's signature and IHDR, then whatever `rest` is: what finding 7 stored and served. */
const pngHeaderThen = (rest: Uint8Array) => new Uint8Array([...makePng(1200, 300).subarray(0, 33), ...rest]);

describe.each(embeddedBackend)(
  'every picture is decoded within limits and stored re-encoded (issue 23, findings 2 and 7), on %s',
  (backend) => {
    let server: TestServer;
    let bomb: Uint8Array;
    beforeAll(async () => {
      server = await startTestServer(backend);
      bomb = makeBombPng(16000);
    });
    afterAll(() => server?.close());

    const db = () => server.running.services.db;
    const uploadImage = (token: string, bytes: Uint8Array, type = 'image/png') => {
      const form = new FormData();
      form.set('img', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), 'picture.png');
      return server.call('POST', '/api/image', { token, form });
    };
    const stored = async (url: string) => new Uint8Array(await (await fetch(url.replace('localhost', '127.0.0.1'))).arrayBuffer());

    it('POST /api/image: a 31 KB PNG of 16000 × 16000 pixels is 413 and nothing is kept', async () => {
      expect(bomb.byteLength).toBeLessThan(64 * 1024);
      const owner = await server.signUp();
      const reply = await uploadImage(owner.access, bomb);
      expect(reply.status).toBe(413);
      expect(reply.body.msg).toBe(
        'img: 16000 × 16000 pixels is more than this server decodes (at most 4096 pixels a side and 16 megapixels)',
      );
      expect(await db().select().from(images).where(eq(images.userId, owner.id))).toEqual([]);
    });

    it('a picture within the limits is fitted in 1024 pixels and stored as a new PNG, without what trailed it', async () => {
      const owner = await server.signUp();
      const upload = new Uint8Array([...makePng(2000, 1500), ...randomBytes(200_000)]);
      const reply = await uploadImage(owner.access, upload, 'image/jpeg');
      expect(reply.status).toBe(200);
      expect(reply.body.url).toMatch(/\/images\/[\w-]+\.png$/);
      const kept = await stored(reply.body.url);
      expect(readPictureHeader(kept)).toMatchObject({ format: 'png', width: 1024, height: 768 });
      expect(kept.byteLength).toBeLessThan(200_000);
      const [row] = await db().select().from(images).where(eq(images.userId, owner.id));
      expect(row?.bytes).toBe(kept.byteLength);
    });

    it('random bytes behind a PNG header are refused; a WebP or anything else is 415', async () => {
      const owner = await server.signUp();
      const junk = await uploadImage(owner.access, pngHeaderThen(randomBytes(100_000)));
      expect(junk).toMatchObject({ status: 400, body: { msg: 'img: the picture could not be read' } });
      const webp = await uploadImage(
        owner.access,
        new Uint8Array([...Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L', 'latin1'), ...randomBytes(20)]),
      );
      expect(webp).toMatchObject({ status: 415, body: { msg: 'img: must be a PNG, JPEG or GIF picture' } });
      expect(await db().select().from(images).where(eq(images.userId, owner.id))).toEqual([]);
    });

    describe("a message's waveform picture", () => {
      const upload = async (token: string, image: Uint8Array) => {
        const reserved = await server.call('GET', '/api/get-vocal', { token });
        const id = reserved.body.id as string;
        const reply = await server.call('POST', `/api/upload-vocal?id=${id}`, {
          token,
          form: uploadForm({ recording: await threeSecondMp3(), image, context: { id, duration: 3, peaks: samplePeaks } }),
        });
        return { id, reply };
      };

      it('random bytes behind a valid PNG header are refused, and no file is served', async () => {
        const owner = await server.signUp();
        const { id, reply } = await upload(owner.access, pngHeaderThen(randomBytes(400 * 1024)));
        expect(reply).toMatchObject({ status: 400, body: { msg: 'image: the picture could not be read' } });
        expect((await fetch(`${server.url}/files/${id}.png`)).status).toBe(404);
      });

      it('a bomb is 413; a waveform over 512 KB is 413 before it is read', async () => {
        const owner = await server.signUp();
        expect((await upload(owner.access, bomb)).reply.status).toBe(413);
        expect((await upload(owner.access, pngHeaderThen(randomBytes(600 * 1024)))).reply.status).toBe(413);
      });

      it('is stored re-encoded and counts against the storage quota with the audio', async () => {
        const owner = await server.signUp();
        const { id, reply } = await upload(owner.access, new Uint8Array([...makePng(1200, 300), ...randomBytes(100_000)]));
        expect(reply.status).toBe(200);
        const served = new Uint8Array(await (await fetch(`${server.url}/files/${id}.png`)).arrayBuffer());
        expect(readPictureHeader(served)).toMatchObject({ format: 'png', width: 1200, height: 300 });
        const [row] = await db().select().from(recordings).where(eq(recordings.id, id));
        expect(row?.imageBytes).toBe(served.byteLength);
        expect(await server.running.services.storageQuota.usedBytes(owner.id)).toBe(row!.audioBytes! + served.byteLength);
      });
    });

    it('a bomb stored as an avatar before these checks is not drawn on a link-preview card: the initial is', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      const key = 'images/stored-before-the-fix.png';
      await server.running.services.storage.put(key, bomb, 'image/png');
      await db().insert(images).values({ key, userId: owner.id, bytes: bomb.byteLength });
      await db()
        .update(users)
        .set({ avatarUrl: server.running.services.storage.publicUrl(key) })
        .where(eq(users.id, owner.id));
      const card = await fetch(`${server.url}/listen/${id}/card.png`);
      expect(card.status).toBe(200);
      expect(readPictureHeader(new Uint8Array(await card.arrayBuffer()))).toMatchObject({ width: 1200, height: 630 });
    });
  },
);
