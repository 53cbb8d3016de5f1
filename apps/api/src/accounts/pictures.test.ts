import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { decodeWebp, HALVES, makeBombPng, makeGif, makeJpeg, makePng, readWebpHeader } from '@vocal/test-fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { images, recordings, users } from '../db/schema.ts';
import { readPictureHeader } from '../media/picture-size.ts';
import { AVATAR_NOT_PNG } from './account-service.ts';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { samplePeaks, threeSecondMp3, uploadForm } from '../../test/harness/upload-form.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';

/** RGBA of one pixel. */
const pixelAt = (image: { width: number; data: ArrayLike<number> }, x: number, y: number) =>
  Array.from({ length: 4 }, (_, channel) => image.data[(y * image.width + x) * 4 + channel]!);

/** Whether each channel is within `tolerance` of the colour's (a JPEG's colours are not exact). */
const near = (pixel: number[], colour: readonly number[], tolerance: number) =>
  colour.every((value, channel) => Math.abs(pixel[channel]! - value) <= tolerance);

/** A PNG of one colour with a half-transparent alpha: what a logo's soft edges are made of. */
function halfTransparentPng(width: number, height: number): Uint8Array {
  const png = new PNG({ width, height });
  for (let pixel = 0; pixel < width * height; pixel++) png.data.set([200, 100, 50, 128], pixel * 4);
  return new Uint8Array(PNG.sync.write(png));
}

/** A PNG's signature and IHDR, then whatever `rest` is: what finding 7 stored and served. */
const pngHeaderThen = (rest: Uint8Array) => new Uint8Array([...makePng(1200, 300).subarray(0, 33), ...rest]);

describe.each(embeddedBackend)(
  'every picture is decoded within limits and stored re-encoded (issue 23, findings 2 and 7), on %s',
  (backend) => {
    const server = serverForSuite(backend);
    let bomb: Uint8Array;
    beforeAll(async () => {
      bomb = makeBombPng(16000);
    });

    const db = () => server.running.services.db;
    const uploadImage = (token: string, bytes: Uint8Array, type = 'image/png', kind?: string) => {
      const form = new FormData();
      form.set('img', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), 'picture.png');
      if (kind !== undefined) form.set('kind', kind);
      return server.call('POST', '/api/image', { token, form });
    };
    const served = (url: string) => fetch(url.replace('localhost', '127.0.0.1'));
    const stored = async (url: string) => new Uint8Array(await (await served(url)).arrayBuffer());

    it('POST /api/image: a 31 KB PNG of 16000 × 16000 pixels is 413 and nothing is kept', async () => {
      expect(bomb.byteLength).toBeLessThan(64 * 1024);
      const owner = await server.signUp();
      for (const kind of [undefined, 'avatar']) {
        const reply = await uploadImage(owner.access, bomb, 'image/png', kind);
        expect(reply.status).toBe(413);
        expect(reply.body.msg).toBe(
          'img: 16000 × 16000 pixels is more than this server decodes (at most 4096 pixels a side and 16 megapixels)',
        );
      }
      expect(await db().select().from(images).where(eq(images.userId, owner.id))).toEqual([]);
    });

    it('a logo is fitted to 1024 pixels wide and stored as a new lossless WebP, without what trailed it', async () => {
      const owner = await server.signUp();
      const upload = new Uint8Array([...makePng(2000, 1500), ...randomBytes(200_000)]);
      const reply = await uploadImage(owner.access, upload, 'image/jpeg');
      expect(reply.status).toBe(200);
      expect(reply.body.url).toMatch(/\/images\/[\w-]+\.webp$/);
      const response = await served(reply.body.url);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const kept = new Uint8Array(await response.arrayBuffer());
      expect(readWebpHeader(kept)).toEqual({ width: 1024, height: 768, lossless: true });
      expect(kept.byteLength).toBeLessThan(200_000);
      const decoded = await decodeWebp(kept);
      // makePng's gradient: red 38, green 126, blue from 0 at the left to 250 at the right.
      expect(near(pixelAt(decoded, 0, 400), [38, 126, 0, 255], 1)).toBe(true);
      expect(near(pixelAt(decoded, 1023, 400), [38, 126, 250, 255], 1)).toBe(true);
      const [row] = await db().select().from(images).where(eq(images.userId, owner.id));
      expect(row).toMatchObject({ key: expect.stringMatching(/^images\/[\w-]+\.webp$/), bytes: kept.byteLength });
    });

    it('a JPEG, a GIF and a PNG with soft edges each come back as a WebP of at most 1024 pixels wide, in their colours', async () => {
      const owner = await server.signUp();
      const cases = [
        { bytes: makeJpeg(1600, 400), type: 'image/jpeg', size: [1024, 256], tolerance: 6 },
        { bytes: makeGif(2048, 64), type: 'image/gif', size: [1024, 32], tolerance: 0 },
        // Narrower than 1024: kept at its size, never enlarged.
        { bytes: makeGif(300, 80), type: 'image/gif', size: [300, 80], tolerance: 0 },
      ] as const;
      for (const { bytes, type, size, tolerance } of cases) {
        const reply = await uploadImage(owner.access, bytes, type, 'logo');
        expect(reply.status, type).toBe(200);
        const kept = await stored(reply.body.url);
        expect(readWebpHeader(kept)).toEqual({ width: size[0], height: size[1], lossless: true });
        const decoded = await decodeWebp(kept);
        const middle = Math.floor(size[1] / 2);
        expect(near(pixelAt(decoded, 4, middle), [...HALVES.left, 255], tolerance), `${type} left`).toBe(true);
        expect(near(pixelAt(decoded, size[0] - 5, middle), [...HALVES.right, 255], tolerance), `${type} right`).toBe(true);
      }
      // The renderer keeps colours premultiplied by alpha; WebP keeps them straight.
      const soft = await uploadImage(owner.access, halfTransparentPng(40, 20), 'image/png', 'logo');
      const decoded = await decodeWebp(await stored(soft.body.url));
      expect(near(pixelAt(decoded, 20, 10), [200, 100, 50, 128], 1)).toBe(true);
    });

    it('an avatar stays a PNG fitted in 1024 pixels, and only a PNG can be an avatar; a WebP is a logo', async () => {
      const owner = await server.signUp();
      const avatar = await uploadImage(owner.access, makePng(2000, 1500), 'image/png', 'avatar');
      expect(avatar.status).toBe(200);
      expect(avatar.body.url).toMatch(/\/images\/[\w-]+\.png$/);
      const response = await served(avatar.body.url);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(readPictureHeader(new Uint8Array(await response.arrayBuffer()))).toMatchObject({ format: 'png', width: 1024, height: 768 });

      const logo = await uploadImage(owner.access, makePng(200, 60));
      const refused = await server.call('POST', '/api/account', { token: owner.access, json: { avatarUrl: logo.body.url } });
      expect(refused).toMatchObject({ status: 400, body: { msg: AVATAR_NOT_PNG } });
      const viaSettings = await server.call('POST', '/api/personalisation', {
        token: owner.access,
        json: { user: { avatarUrl: logo.body.url } },
      });
      expect(viaSettings).toMatchObject({ status: 400, body: { msg: AVATAR_NOT_PNG } });
      const accepted = await server.call('POST', '/api/account', { token: owner.access, json: { avatarUrl: avatar.body.url } });
      expect(accepted).toMatchObject({ status: 200, body: { avatarUrl: avatar.body.url } });
    });

    it('pictures stored as PNG before logos became WebP are still served as PNG, and still a logo and an avatar', async () => {
      const owner = await server.signUp();
      // The listen page's logo is a Pro setting.
      await server.running.services.admin.setPlan({ email: owner.email, plan: 'pro' });
      const key = 'images/stored-as-png-before-webp.png';
      const png = makePng(160, 48);
      await server.running.services.storage.put(key, png, 'image/png');
      await db().insert(images).values({ key, userId: owner.id, bytes: png.byteLength });
      const url = server.running.services.storage.publicUrl(key);
      const response = await served(url);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(png);
      const logo = await server.call('POST', '/api/personalisation', { token: owner.access, json: { listenPage: { logoUrl: url } } });
      expect(logo.status).toBe(200);
      const id = await ownerMessage(server, owner.access);
      expect((await server.call('GET', `/api/view-vocal/${id}`)).body.settings.logoUrl).toBe(url);
      expect((await server.call('POST', '/api/account', { token: owner.access, json: { avatarUrl: url } })).status).toBe(200);
    });

    it('random bytes behind a PNG header are refused; a WebP or anything else is 415; an unknown kind is 400', async () => {
      const owner = await server.signUp();
      for (const kind of [undefined, 'logo', 'avatar']) {
        const junk = await uploadImage(owner.access, pngHeaderThen(randomBytes(100_000)), 'image/png', kind);
        expect(junk, kind).toMatchObject({ status: 400, body: { msg: 'img: the picture could not be read' } });
      }
      const webp = await uploadImage(
        owner.access,
        new Uint8Array([...Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L', 'latin1'), ...randomBytes(20)]),
      );
      expect(webp).toMatchObject({ status: 415, body: { msg: 'img: must be a PNG, JPEG or GIF picture' } });
      const unknownKind = await uploadImage(owner.access, makePng(32, 32), 'image/png', 'banner');
      expect(unknownKind).toMatchObject({ status: 400, body: { msg: 'kind: must be avatar or logo' } });
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
