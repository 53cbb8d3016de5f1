import { decodeMp3, encodeMp3, tonePcm } from '@vocal/test-fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOUDNESS_TARGET_DBFS, toDb } from '../media/loudness.ts';
import { readMp3 } from '../media/mp3.ts';
import { WorkerCrashedError, WorkerTaskError } from '../media/worker-pool.ts';
import { REENCODES_PER_USER_PER_TEN_MINUTES } from '../http/api-limits.ts';
import { makeAacMp4 } from '../../test/harness/aac-mp4.ts';
import { goForwardAsBrowserUploads } from '../../test/harness/browser-recording.ts';
import { reencodeUntilDone } from '../../test/harness/reencode-until-done.ts';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { samplePng, threeSecondMp3, uploadForm, waitFor } from '../../test/harness/upload-form.ts';

/** What Chromium's MediaRecorder makes of goforward.raw: WebM/Opus and MP4/Opus. */
let webm: Uint8Array;
let mp4: Uint8Array;
beforeAll(async () => {
  ({ webm, mp4 } = await goForwardAsBrowserUploads());
});

describe.each(embeddedBackend)('audio on %s', (backend) => {
  const server = serverForSuite(backend, { TRANSCRIBER: 'local', EXPIRY_SWEEP_SECONDS: '0.2' });

  async function send(token: string, audio: Uint8Array, name = 'recording.mp3') {
    const id = (await server.call('GET', '/api/get-vocal', { token })).body.id as string;
    const form = uploadForm({ image: samplePng(), context: { id, duration: 3, peaks: [0.3] } });
    form.set('recording', new Blob([audio], { type: 'application/octet-stream' }), name);
    return { id, reply: await server.call('POST', '/api/upload-vocal', { token, form }) };
  }

  const download = async (url: string) => {
    const response = await fetch(url.replace('localhost', '127.0.0.1'));
    return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  describe('uploads a browser could not make MP3 of', () => {
    it.each([
      ['WebM/Opus', () => webm, 'webm', 'audio/webm'],
      ['MP4/Opus', () => mp4, 'm4a', 'audio/mp4'],
    ])(
      'accepts %s, plays it meanwhile, and plays MP3 after its job',
      async (_name, bytes, extension, type) => {
        const user = await server.signUp();
        await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
        // A misleading name and type: the bytes decide.
        const { id, reply } = await send(user.access, bytes(), 'message.mp3');
        expect(reply.status).toBe(200);
        const before = (await server.call('GET', `/api/view-vocal/${id}`)).body.audio;
        expect(before.audioUrl).toMatch(new RegExp(`/files/${id}\\.(${extension}|mp3)$`));
        expect(before.duration).toBeGreaterThan(2.5);
        if (before.audioUrl.endsWith(extension)) {
          const original = await download(before.audioUrl);
          // Unless the job was quicker than us, the original plays as it came.
          if (original.status === 200) expect(original.type).toBe(type);
        }

        const after = await waitFor(
          async () => (await server.call('GET', `/api/view-vocal/${id}`)).body.audio,
          (audio) => audio.audioUrl.endsWith('.mp3') && audio.transcriptionStatus !== 'loading',
        );
        const file = await download(after.audioUrl);
        expect(file).toMatchObject({ status: 200, type: 'audio/mpeg' });
        const info = readMp3(file.bytes)!;
        expect(info.channels).toBe(1);
        const decoded = await decodeMp3(file.bytes);
        expect(Math.abs(decoded.durationSeconds - before.duration)).toBeLessThan(0.15);
        expect(decoded.rms).toBeGreaterThan(0.01);
        expect(Math.abs(after.duration - before.duration)).toBeLessThan(0.15);
        // The original goes once the row points at the MP3 (listeners switch first): soon after, not at once.
        const gone = await waitFor(
          () => download(`${server.url}/files/${id}.${extension}`),
          (response) => response.status === 404,
        );
        expect(gone.status).toBe(404);
        // The transcript was made from the Opus original or the MP3, whichever was stored then.
        expect(after.transcriptionStatus).toBe('complete');
        // A re-encode and a transcription in turn: on two cores shared with the browser suites
        // that alone has taken over 90 s, so this test's hang guard is longer than the default.
      },
      300_000,
    );

    it('refuses MP4 with AAC audio with a 415 that says why, and bytes that are no audio', async () => {
      const user = await server.signUp();
      const aac = await send(user.access, await makeAacMp4(2), 'message.m4a');
      expect(aac.reply.status).toBe(415);
      expect(aac.reply.body.msg).toBe(
        'recording: MP4 with AAC audio cannot be converted to MP3 on this server; send MP3, or WebM or MP4 with Opus audio',
      );
      const fake = await send(user.access, new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new Array(500).fill(7)]), 'message.webm');
      expect(fake.reply).toMatchObject({ status: 415, body: { msg: 'recording: is not an MP3 file' } });
    });
  });

  describe('GET reencode/{id}', () => {
    it("re-encodes the owner's recording to normalised mono MP3 of the same length, replacing the file", async () => {
      const user = await server.signUp();
      const loud = tonePcm(4, { sampleRate: 44_100, frequency: 220, amplitude: 0.9 });
      const original = await encodeMp3(loud.samples, loud.sampleRate, 128);
      const { id } = await send(user.access, original);
      const originalDuration = (await decodeMp3(original)).durationSeconds;

      const reply = await reencodeUntilDone(server, user.access, id);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ id, status: 'complete' });
      expect(reply.body.audioUrl).toMatch(new RegExp(`/files/${id}\\.mp3$`));
      const file = await download(reply.body.audioUrl);
      expect(file.bytes.length).toBeLessThan(original.length);
      const decoded = await decodeMp3(file.bytes);
      expect(readMp3(file.bytes)?.channels).toBe(1);
      expect(Math.abs(decoded.durationSeconds - originalDuration)).toBeLessThan(0.1);
      expect(Math.abs(reply.body.duration - readMp3(original)!.durationSeconds)).toBeLessThan(0.1);
      expect(Math.abs(toDb(decoded.rms) - LOUDNESS_TARGET_DBFS)).toBeLessThan(1);
      const listen = await server.call('GET', `/api/view-vocal/${id}`);
      expect(listen.body.audio.duration).toBe(reply.body.duration);
    }, 900_000);

    it('runs one re-encode per recording however often it is asked, and answers the finished one after', async () => {
      const user = await server.signUp();
      const tone = tonePcm(2.5, { sampleRate: 44_100, frequency: 330, amplitude: 0.5 });
      const original = await encodeMp3(tone.samples, tone.sampleRate, 128);
      const { id } = await send(user.access, original);
      const media = server.running.services.media;
      const reencode = media.reencode;
      let runs = 0;
      media.reencode = (bytes, signal) => {
        // This recording's file, by its length: other tests' jobs may share the pool.
        if (bytes.byteLength === original.byteLength) runs++;
        return reencode(bytes, signal);
      };
      try {
        const ask = () => server.call('GET', `/api/reencode/${id}`, { token: user.access });
        const together = await Promise.all([ask(), ask(), ask()]);
        const done = await reencodeUntilDone(server, user.access, id);
        expect(done).toMatchObject({ status: 200, body: { id, status: 'complete' } });
        const later = await ask();
        for (const reply of [...together, later]) {
          const expected = reply.status === 202 ? { id, status: 'queued' } : { id, status: 'complete', duration: done.body.duration };
          expect(reply.body).toMatchObject(expected);
        }
        expect(later.status).toBe(200);
        expect(runs).toBe(1);
      } finally {
        media.reencode = reencode;
      }
    }, 900_000);

    it('is limited per user: 429 with Retry-After, and nothing queued', async () => {
      const user = await server.signUp();
      const other = await server.signUp();
      const { id } = await send(user.access, await threeSecondMp3());
      for (let call = 0; call < REENCODES_PER_USER_PER_TEN_MINUTES; call++) {
        expect((await server.call('GET', '/api/reencode/AAAAAAAAAAAA', { token: user.access })).status).toBe(404);
      }
      const refused = await server.call('GET', `/api/reencode/${id}`, { token: user.access });
      expect(refused.status).toBe(429);
      expect(refused.body.msg).toMatch(/^Too many re-encode requests\. Try again in \d+ seconds\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await server.running.services.jobs.queue.find(`reencode:${id}`)).toBeNull();
      expect((await server.call('GET', '/api/reencode/AAAAAAAAAAAA', { token: other.access })).status).toBe(404);
    });

    it("refuses other users' recordings, ids not on our storage and bad ids with 404, and 401 without a token", async () => {
      const owner = await server.signUp();
      const other = await server.signUp();
      const { id } = await send(owner.access, await threeSecondMp3());
      const reserved = (await server.call('GET', '/api/get-vocal', { token: owner.access })).body.id;
      for (const path of [
        `/api/reencode/${id}`,
        `/api/reencode/${id}.mp3`,
        '/api/reencode/https%3A%2F%2Fexample.com%2Fa.mp3',
        '/api/reencode/AAAAAAAAAAAA',
      ]) {
        const token = path.endsWith(id) ? other.access : owner.access;
        expect(await server.call('GET', path, { token })).toMatchObject({ status: 404, body: { msg: 'Recording not found' } });
      }
      expect((await server.call('GET', `/api/reencode/${reserved}`, { token: owner.access })).status).toBe(404);
      expect((await server.call('GET', `/api/reencode/${id}`)).status).toBe(401);
      await server.running.services.storage.delete(`${id}.mp3`);
      expect(await server.call('GET', `/api/reencode/${id}`, { token: owner.access })).toMatchObject({
        status: 404,
        body: { msg: "This recording's audio is not on our storage" },
      });
    });
  });

  describe('media jobs', () => {
    it('leave the other jobs their own slot: expiry goes on while a re-encode is held up', async () => {
      const user = await server.signUp();
      const { id: slow } = await send(user.access, await threeSecondMp3());
      const { id: expiring } = await send(user.access, await threeSecondMp3());
      const media = server.running.services.media;
      const reencode = media.reencode;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let started = false;
      media.reencode = async (bytes, signal) => {
        started = true;
        await held;
        return reencode(bytes, signal);
      };
      const { queue } = server.running.services.jobs;
      try {
        await queue.enqueue({ kind: 'reencode', key: `reencode:${slow}`, payload: { recordingId: slow } });
        server.running.worker.wake();
        await waitFor(async () => started, Boolean);
        const past = new Date(Date.now() - 1000).toISOString();
        expect((await server.call('POST', `/api/edit/${expiring}`, { token: user.access, json: { expiryDate: past } })).status).toBe(200);
        const storage = server.running.services.storage;
        await waitFor(
          async () => storage.stat(`${expiring}.mp3`),
          (info) => info === null,
        );
        expect((await queue.find(`reencode:${slow}`))?.state).toBe('running');
      } finally {
        release();
        media.reencode = reencode;
      }
      await waitFor(
        async () => (await queue.find(`reencode:${slow}`))?.state,
        (state) => state === 'done',
      );
    });
  });

  describe('media failures', () => {
    it('count a worker that died as a failed try, retried later, and undecodable audio as final', async () => {
      const user = await server.signUp();
      const { id } = await send(user.access, await threeSecondMp3());
      const media = server.running.services.media;
      const reencode = media.reencode;
      const { queue } = server.running.services.jobs;
      const key = `reencode:${id}`;
      try {
        media.reencode = async () => {
          throw new WorkerCrashedError('The media worker stopped: out of memory');
        };
        await queue.enqueue({ kind: 'reencode', key, payload: { recordingId: id } });
        server.running.worker.wake();
        const retried = await waitFor(
          () => queue.find(key),
          (job) => job?.lastError !== null && job?.lastError !== undefined,
        );
        expect(retried).toMatchObject({ state: 'queued', lastError: 'The media worker stopped: out of memory' });

        media.reencode = async () => {
          throw new WorkerTaskError('The recording holds no audio');
        };
        await queue.enqueue({ kind: 'reencode', key: `reencode:${id}-final`, payload: { recordingId: id } });
        server.running.worker.wake();
        const failed = await waitFor(
          () => queue.find(`reencode:${id}-final`),
          (job) => job?.state === 'failed',
        );
        expect(failed?.lastError).toBe('The audio could not be decoded: The recording holds no audio');
        // The recording keeps its audio, still playable.
        expect((await server.call('GET', `/api/view-vocal/${id}`)).status).toBe(200);
      } finally {
        media.reencode = reencode;
      }
    });
  });

  describe('expiry', () => {
    it('answers 410 for an expired payload and its files, and a job deletes the files', async () => {
      const user = await server.signUp();
      const { id } = await send(user.access, await threeSecondMp3());
      expect((await download(`${server.url}/files/${id}.mp3`)).status).toBe(200);
      const past = new Date(Date.now() - 1000).toISOString();
      expect((await server.call('POST', `/api/edit/${id}`, { token: user.access, json: { expiryDate: past } })).status).toBe(200);

      expect(await server.call('GET', `/api/view-vocal/${id}`)).toMatchObject({
        status: 410,
        body: { msg: 'This voice message has expired' },
      });
      for (const file of [`${id}.mp3`, `${id}.png`]) {
        const reply = await server.call('GET', `/files/${file}`);
        expect(reply).toMatchObject({ status: 410, body: { msg: 'This voice message has expired' } });
      }
      expect((await server.call('GET', `/api/reencode/${id}`, { token: user.access })).status).toBe(410);

      const storage = server.running.services.storage;
      await waitFor(async () => (await storage.stat(`${id}.mp3`)) === null && (await storage.stat(`${id}.png`)) === null, Boolean);
      // The files go inside the job; it is marked done just after, in its own transaction. A
      // try that lost its lease on a busy machine is queued again and runs again (deleting
      // what is already gone is no error): only a settled job is judged.
      const expireJob = await waitFor(
        () => server.running.services.jobs.queue.find(`expire:${id}`),
        (job) => job?.state === 'done' || job?.state === 'failed',
      );
      expect(expireJob?.state, `last error: ${expireJob?.lastError}`).toBe('done');
      expect((await server.call('GET', `/files/${id}.mp3`)).status).toBe(410);
      const retry = await server.call('POST', `/api/transcription/${id}/retry`, { token: user.access });
      expect(retry.status).toBeGreaterThanOrEqual(400);
    });

    it('leaves a recording whose expiry is still ahead alone', async () => {
      const user = await server.signUp();
      const { id } = await send(user.access, await threeSecondMp3());
      const future = new Date(Date.now() + 86_400_000).toISOString();
      await server.call('POST', `/api/edit/${id}`, { token: user.access, json: { expiryDate: future } });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await server.call('GET', `/api/view-vocal/${id}`)).status).toBe(200);
      expect((await download(`${server.url}/files/${id}.mp3`)).status).toBe(200);
    });
  });
});
