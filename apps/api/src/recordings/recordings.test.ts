import { makeLongMp3 } from '@vocal/test-fixtures';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordings } from '../db/schema.ts';
import { backends, startTestServer } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { samplePeaks, samplePng, threeSecondMp3, uploadForm } from '../../test/harness/upload-form.ts';

describe.each(backends)('recordings on %s', (backend) => {
  const server = serverForSuite(backend);
  let mp3: Uint8Array;
  beforeAll(async () => {
    mp3 = await threeSecondMp3();
  });

  async function reserve(token: string, platform = 'webapp') {
    const reply = await server.call('GET', `/api/get-vocal?platform=${platform}`, { token });
    expect(reply.status).toBe(200);
    return reply.body.id as string;
  }

  async function upload(token: string, id: string, extra: Record<string, unknown> = {}) {
    return server.call('POST', '/api/upload-vocal', {
      token,
      form: uploadForm({
        recording: mp3,
        image: samplePng(),
        context: { id, platform: 'webapp', duration: 3, peaks: samplePeaks, ...extra },
      }),
    });
  }

  async function rowOf(id: string) {
    const [row] = await server.running.services.db.select().from(recordings).where(eq(recordings.id, id));
    return row;
  }

  describe('GET get-vocal', () => {
    it('reserves a fresh id for the platform', async () => {
      const user = await server.signUp();
      const first = await reserve(user.access, 'outlook');
      const second = await reserve(user.access);
      expect(first).toMatch(/^[A-Za-z0-9]{12}$/);
      expect(second).not.toBe(first);
      expect((await rowOf(first))?.platform).toBe('outlook');
      expect((await rowOf(first))?.status).toBe('reserved');
    });

    it('defaults the platform to webapp and refuses an unknown one', async () => {
      const user = await server.signUp();
      const reply = await server.call('GET', '/api/get-vocal', { token: user.access });
      expect((await rowOf(reply.body.id))?.platform).toBe('webapp');
      const bad = await server.call('GET', '/api/get-vocal?platform=myspace', { token: user.access });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toMatch(/^query.platform: platform must be one of/);
    });

    it('stops a Free user at 50 messages a month with a clear 403', async () => {
      const user = await server.signUp();
      const now = new Date();
      await server.running.services.db.insert(recordings).values(
        Array.from({ length: 50 }, (_, index) => ({
          id: `filler${user.id}x${index}`,
          userId: user.id,
          status: 'uploaded' as const,
          uploadDate: now,
        })),
      );
      const reply = await server.call('GET', '/api/get-vocal', { token: user.access });
      expect(reply.status).toBe(403);
      expect(reply.body.msg).toMatch(/50 messages of the Free plan/);
      const account = await server.call('GET', '/api/account', { token: user.access });
      expect(account.body.messages).toMatchObject({ max: 50, count: 50 });
    });
  });

  describe('POST upload-vocal', () => {
    it('stores the MP3 and PNG, answers {id, url}, and the files download byte for byte', async () => {
      const user = await server.signUp();
      const id = await reserve(user.access);
      const reply = await upload(user.access, id, { subject: 'Hello there' });
      expect(reply.status).toBe(200);
      const origin = server.url.replace('127.0.0.1', 'localhost');
      expect(reply.body).toEqual({
        id,
        url: `${origin}/listen/${id}`,
        audioUrl: `${origin}/files/${id}.mp3`,
        imageUrl: `${origin}/files/${id}.png`,
      });

      const listen = await server.call('GET', `/api/view-vocal/${id}`);
      expect(listen.status).toBe(200);
      const audio = listen.body.audio;
      expect(audio.audioUrl).toMatch(new RegExp(`/files/${id}\\.mp3$`));
      expect(audio.imageUrl).toMatch(new RegExp(`/files/${id}\\.png$`));
      expect(audio.subject).toBe('Hello there');
      // The duration is read from the MP3 itself, not taken from the client.
      expect(audio.duration).toBeGreaterThan(2.99);
      expect(audio.duration).toBeLessThan(3.1);
      expect(audio.peaks).toEqual(samplePeaks);

      const file = await fetch(audio.audioUrl.replace('localhost', '127.0.0.1'));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('audio/mpeg');
      expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(mp3))).toBe(true);
      const image = await fetch(audio.imageUrl.replace('localhost', '127.0.0.1'));
      expect(image.headers.get('content-type')).toBe('image/png');
    });

    it('uploading the same id again answers the same message and makes no second one', async () => {
      const user = await server.signUp();
      const id = await reserve(user.access);
      const [first, second] = await Promise.all([upload(user.access, id), upload(user.access, id)]);
      const third = await upload(user.access, id);
      expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
      expect(new Set([first.body.url, second.body.url, third.body.url]).size).toBe(1);
      const list = await server.call('GET', '/api/audio', { token: user.access });
      expect(list.body.audios.map((recording: { id: string }) => recording.id)).toEqual([id]);
    });

    const badUploads: [string, (id: string) => FormData, number, RegExp][] = [
      [
        'no recording',
        (id) => uploadForm({ image: samplePng(), context: { id, duration: 3, peaks: [] } }),
        400,
        /^recording: a file is required$/,
      ],
      ['no context', () => uploadForm({ recording: new Uint8Array(10), image: samplePng() }), 400, /^context: a JSON field is required$/],
      [
        'context that is not JSON',
        () => uploadForm({ recording: new Uint8Array(10), image: samplePng(), context: '{oops' }),
        400,
        /^context: is not valid JSON$/,
      ],
      [
        'context without duration',
        (id) => uploadForm({ recording: new Uint8Array(10), image: samplePng(), context: { id, peaks: [] } }),
        400,
        /context.duration: is required/,
      ],
      [
        'peaks out of range',
        (id) => uploadForm({ recording: new Uint8Array(10), image: samplePng(), context: { id, duration: 3, peaks: [2] } }),
        400,
        /context.peaks.0/,
      ],
      [
        'a malformed id',
        () => uploadForm({ recording: new Uint8Array(10), image: samplePng(), context: { id: '../../etc', duration: 3, peaks: [] } }),
        400,
        /context.id: must be a recording id/,
      ],
      [
        'an empty recording',
        (id) => uploadForm({ recording: new Uint8Array(), image: samplePng(), context: { id, duration: 3, peaks: [] } }),
        400,
        /^recording: the file is empty$/,
      ],
      [
        'a text file posing as MP3',
        (id) =>
          uploadForm({
            recording: 'just some text, not audio at all '.repeat(40),
            image: samplePng(),
            context: { id, duration: 3, peaks: [] },
          }),
        415,
        /^recording: is not an MP3 file$/,
      ],
    ];

    it.each(badUploads)('refuses %s with a clear 4xx and changes nothing', async (_name, makeForm, status, message) => {
      const user = await server.signUp();
      const id = await reserve(user.access);
      const reply = await server.call('POST', '/api/upload-vocal', { token: user.access, form: makeForm(id) });
      expect(reply.status).toBe(status);
      expect(reply.body.msg).toMatch(message);
      expect((await rowOf(id))?.status).toBe('reserved');
      expect((await fetch(`${server.url}/files/${id}.mp3`)).status).toBe(404);
    });

    it('refuses a PNG that is not a PNG', async () => {
      const user = await server.signUp();
      const id = await reserve(user.access);
      const reply = await server.call('POST', '/api/upload-vocal', {
        token: user.access,
        form: uploadForm({ recording: mp3, image: mp3, context: { id, duration: 3, peaks: [] } }),
      });
      expect(reply).toMatchObject({ status: 415, body: { msg: 'image: must be a PNG, JPEG or GIF picture' } });
      expect((await rowOf(id))?.status).toBe('reserved');
    });

    it('refuses a body that is not multipart', async () => {
      const user = await server.signUp();
      const reply = await server.call('POST', '/api/upload-vocal', { token: user.access, json: { id: 'x' } });
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toMatch(/multipart\/form-data/);
    });

    it("refuses to upload into another user's reservation, as if it did not exist", async () => {
      const owner = await server.signUp();
      const intruder = await server.signUp();
      const id = await reserve(owner.access);
      const reply = await upload(intruder.access, id);
      expect(reply).toMatchObject({ status: 404, body: { msg: 'Recording not found' } });
      expect((await rowOf(id))?.status).toBe('reserved');
    });

    it('holds a Free message to one minute and lets a Pro one run longer', async () => {
      const user = await server.signUp();
      const long = await makeLongMp3(65);
      const id = await reserve(user.access);
      const form = () => uploadForm({ recording: long, image: samplePng(), context: { id, duration: 65, peaks: [] } });
      const refused = await server.call('POST', '/api/upload-vocal', { token: user.access, form: form() });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toMatch(/at most 1 minute/);
      expect((await rowOf(id))?.status).toBe('reserved');

      await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
      const accepted = await server.call('POST', '/api/upload-vocal', { token: user.access, form: form() });
      expect(accepted.status).toBe(200);
    });

    it('refuses uploads larger than MAX_UPLOAD_MB with 413', async () => {
      const small = await startTestServer(backend, { MAX_UPLOAD_MB: '0.01' });
      try {
        const user = await small.signUp();
        const { body } = await small.call('GET', '/api/get-vocal', { token: user.access });
        const reply = await small.call('POST', '/api/upload-vocal', {
          token: user.access,
          form: uploadForm({ recording: mp3, image: samplePng(), context: { id: body.id, duration: 3, peaks: [] } }),
        });
        expect(reply.status).toBe(413);
        expect(reply.body.msg).toMatch(/larger than/);
      } finally {
        await small.close();
      }
    });
  });

  describe('reading, listing, editing and deleting', () => {
    it('GET audio lists only my messages, newest upload first', async () => {
      const me = await server.signUp();
      const other = await server.signUp();
      const older = await reserve(me.access);
      await upload(me.access, older);
      const newer = await reserve(me.access);
      await upload(me.access, newer);
      await reserve(me.access); // a reservation is not a message
      const theirs = await reserve(other.access);
      await upload(other.access, theirs);
      const list = await server.call('GET', '/api/audio', { token: me.access });
      expect(list.status).toBe(200);
      expect(list.body.audios.map((recording: { id: string }) => recording.id)).toEqual([newer, older]);
    });

    it('GET view-vocal is public and reveals nothing private', async () => {
      const owner = await server.signUp();
      await server.call('POST', '/api/account', { token: owner.access, json: { name: 'Ada Lovelace' } });
      const id = await reserve(owner.access);
      await upload(owner.access, id);
      const reply = await server.call('GET', `/api/view-vocal/${id}`);
      expect(reply.status).toBe(200);
      expect(reply.body.user.name).toBe('Ada Lovelace');
      expect(reply.body.settings.name).toBe('Ada Lovelace');
      const text = JSON.stringify(reply.body);
      expect(text).not.toContain(owner.email);
      // Nor the sequential account id, nor the plan and this month's count (issue 23, finding 17).
      for (const key of ['email', 'stripeId', 'plan', 'subscribed', 'subscriptionMessage', 'id', 'messages']) {
        expect(reply.body.user).not.toHaveProperty(key);
      }
      expect(reply.body.audio).not.toHaveProperty('email');
      expect((await server.call('GET', `/api/share/${reply.body.user.inviteCode}`)).body).not.toHaveProperty('id');
      expect(reply.body.settings).toMatchObject({
        strings: { sharedWithYou: 'shared this voice message with you' },
        cta: { message: 'Send a voice message like this', button: 'Join for free' },
        theme: { preset: 'Light', font: 'Inter' },
        branding: true,
      });
    });

    it('says on the listen page and to the owner that transcription is not configured, when it is not', async () => {
      // The test servers get no PATH, so TRANSCRIBER=auto finds no engine.
      const owner = await server.signUp();
      await server.running.services.admin.setPlan({ email: owner.email, plan: 'pro' });
      const id = await reserve(owner.access);
      await upload(owner.access, id);
      const listen = await server.call('GET', `/api/view-vocal/${id}`);
      expect(listen.body.audio.transcriptionStatus).toBeNull();
      expect(listen.body.transcriptionNotice).toEqual({ configured: false, message: 'Transcription is not configured on this server.' });
      const state = await server.call('GET', `/api/transcription/${id}`, { token: owner.access });
      expect(state.body).toMatchObject({ status: null, transcriber: null, canRetry: false });
      const retry = await server.call('POST', `/api/transcription/${id}/retry`, { token: owner.access });
      expect(retry).toMatchObject({ status: 409, body: { msg: 'Transcription is not configured on this server.' } });
    });

    it('names a sender who never set a name "Someone" on the listen page', async () => {
      const owner = await server.signUp();
      const id = await reserve(owner.access);
      await upload(owner.access, id);
      const reply = await server.call('GET', `/api/view-vocal/${id}`);
      expect(reply.body.settings.name).toBe('Someone');
    });

    it('view-vocal: 404 for unknown, malformed and unfinished ids; 410 once expired', async () => {
      const owner = await server.signUp();
      const reserved = await reserve(owner.access);
      for (const id of ['AAAAAAAAAAAA', 'bad.id', reserved]) {
        const reply = await server.call('GET', `/api/view-vocal/${id}`);
        expect(reply.status).toBe(404);
        expect(reply.body.msg).toBe('This voice message does not exist or was deleted');
      }
      const id = await reserve(owner.access);
      await upload(owner.access, id);
      const past = new Date(Date.now() - 1000).toISOString();
      expect((await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { expiryDate: past } })).status).toBe(200);
      expect(await server.call('GET', `/api/view-vocal/${id}`)).toMatchObject({
        status: 410,
        body: { msg: 'This voice message has expired' },
      });
    });

    it('POST edit/{id} changes the subject for the owner only, and refuses bad input', async () => {
      const owner = await server.signUp();
      const other = await server.signUp();
      const id = await reserve(owner.access);
      await upload(owner.access, id);
      const edited = await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { subject: 'New subject' } });
      expect(edited).toMatchObject({ status: 200, body: { id, subject: 'New subject' } });
      const stolen = await server.call('POST', `/api/edit/${id}`, { token: other.access, json: { subject: 'Hacked' } });
      expect(stolen.status).toBe(404);
      const bad = await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { subject: 5 } });
      expect(bad.status).toBe(400);
      const unknownField = await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { views: 1000 } });
      expect(unknownField.status).toBe(400);
      expect((await server.call('GET', `/api/view-vocal/${id}`)).body.audio.subject).toBe('New subject');
    });

    it("DELETE /delete/{id} removes my message and its files, never another user's", async () => {
      const owner = await server.signUp();
      const other = await server.signUp();
      const id = await reserve(owner.access);
      await upload(owner.access, id);
      const refused = await server.call('DELETE', `/api/delete/${id}`, { token: other.access });
      expect(refused).toMatchObject({ status: 404, body: { msg: 'Recording not found' } });
      expect((await server.call('GET', `/api/view-vocal/${id}`)).status).toBe(200);

      const deleted = await server.call('DELETE', `/api/delete/${id}`, { token: owner.access });
      expect(deleted).toMatchObject({ status: 200, body: { ok: true } });
      expect((await server.call('GET', `/api/view-vocal/${id}`)).status).toBe(404);
      expect((await fetch(`${server.url}/files/${id}.mp3`)).status).toBe(404);
      expect((await fetch(`${server.url}/files/${id}.png`)).status).toBe(404);
      expect((await server.call('DELETE', `/api/delete/${id}`, { token: owner.access })).status).toBe(404);
    });

    it('serves byte ranges so players can seek', async () => {
      const owner = await server.signUp();
      const id = await reserve(owner.access);
      await upload(owner.access, id);
      const url = `${server.url}/files/${id}.mp3`;
      const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${mp3.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(mp3.subarray(100, 200)))).toBe(true);
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.headers.get('content-length')).toBe(String(mp3.length));
      expect(head.headers.get('accept-ranges')).toBe('bytes');
      expect((await fetch(url, { headers: { range: `bytes=${mp3.length}-` } })).status).toBe(416);
      expect((await fetch(`${server.url}/files/..%2F..%2Fserver.json`)).status).toBe(404);
    });
  });
});
