import { encodeMp3, GO_FORWARD, goForwardPcm } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptSentences, transcriptionSchema, type Transcription } from '@vocal/settings-model';
import { startFakeOpenAi, verboseJson } from '@vocal/e2e';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { samplePng, threeSecondMp3, uploadForm, waitFor } from '../../test/harness/upload-form.ts';
import { speechApiEnv } from '../../test/harness/speech-api-env.ts';

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;

async function signUpPro(server: TestServer) {
  const user = await server.signUp();
  await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
  return user;
}

async function sendMessage(server: TestServer, token: string, audio: Uint8Array) {
  const reserved = await server.call('GET', '/api/get-vocal', { token });
  const id = reserved.body.id as string;
  const reply = await server.call('POST', '/api/upload-vocal', {
    token,
    form: uploadForm({ recording: audio, image: samplePng(), context: { id, duration: 3, peaks: [0.5] } }),
  });
  expect(reply.status).toBe(200);
  return id;
}

const settled = (server: TestServer, token: string, id: string) =>
  waitFor(
    async () => (await server.call('GET', `/api/transcription/${id}`, { token })).body,
    (state) => state.status !== 'loading',
  );

function expectInside(transcription: Transcription, duration: number) {
  expect(transcriptionSchema.parse(transcription)).toEqual(transcription);
  for (const segment of transcription) {
    for (const timing of [segment, ...segment.sentences]) {
      expect(timing.start).toBeGreaterThanOrEqual(0);
      expect(timing.end).toBeGreaterThanOrEqual(timing.start);
      expect(timing.end).toBeLessThanOrEqual(duration);
    }
  }
}

describe.each(embeddedBackend)('transcription on %s', (backend) => {
  describe('with the local engine (pocketsphinx)', () => {
    let server: TestServer;
    let goForwardMp3: Uint8Array;
    beforeAll(async () => {
      server = await startTestServer(backend, { TRANSCRIBER: 'local' });
      goForwardMp3 = await encodeMp3(await goForwardPcm(), GO_FORWARD.sampleRate);
    });
    afterAll(() => server.close());

    it("transcribes a Pro user's spoken message: loading, then complete with the words, timed inside the audio", async () => {
      const user = await signUpPro(server);
      const id = await sendMessage(server, user.access, goForwardMp3);
      const early = await server.call('GET', `/api/view-vocal/${id}`);
      expect(['loading', 'complete']).toContain(early.body.audio.transcriptionStatus);

      const state = await settled(server, user.access, id);
      expect(state).toMatchObject({ status: 'complete', error: null, canRetry: false, transcriber: 'local' });
      const listen = await server.call('GET', `/api/view-vocal/${id}`);
      const { audio } = listen.body;
      expect(audio.transcriptionStatus).toBe('complete');
      expect(listen.body.transcriptionNotice).toEqual({ configured: true, message: null });
      const text = transcriptSentences(audio.transcription)
        .map((sentence) => sentence.text)
        .join(' ');
      // pocketsphinx recognises goforward.raw exactly (TESTING.md).
      expect(text.toLowerCase().replace(/[^a-z ]/g, '')).toBe(GO_FORWARD.words.join(' '));
      expect(text).toMatch(/^Go forward ten meters\.$/);
      expect(audio.transcription[0].num_words).toBe(4);
      expectInside(audio.transcription, audio.duration);
    });

    it('gives Free users and owners who turned transcripts off no transcript', async () => {
      const free = await server.signUp();
      const freeId = await sendMessage(server, free.access, await threeSecondMp3());
      const pro = await signUpPro(server);
      const off = await server.call('POST', '/api/personalisation', { token: pro.access, json: { defaults: { transcriptions: false } } });
      expect(off.status).toBe(200);
      const offId = await sendMessage(server, pro.access, goForwardMp3);
      for (const id of [freeId, offId]) {
        const listen = await server.call('GET', `/api/view-vocal/${id}`);
        expect(listen.body.audio).toMatchObject({ transcriptionStatus: null, transcription: null });
        expect(listen.body.transcriptionNotice).toEqual({ configured: true, message: null });
      }
      expect((await server.call('GET', `/api/transcription/${freeId}`, { token: free.access })).body.canRetry).toBe(false);
      // Asked for by hand, a Pro owner gets one; a Free one is told it is Pro.
      const asked = await server.call('POST', `/api/transcription/${offId}/retry`, { token: pro.access });
      expect(asked).toMatchObject({ status: 202, body: { status: 'loading' } });
      expect((await settled(server, pro.access, offId)).status).toBe('complete');
      const refused = await server.call('POST', `/api/transcription/${freeId}/retry`, { token: free.access });
      expect(refused).toMatchObject({ status: 403, body: { msg: 'Transcripts are a Pro feature. Upgrade to get them.' } });
    });

    it('offers no transcript of a written contact-form message, which has no audio', async () => {
      const owner = await signUpPro(server);
      const account = await server.call('GET', '/api/account', { token: owner.access });
      const sent = await server.call('POST', `/api/contact-form/${account.body.inviteCode}/messages`, {
        json: { email: 'visitor@example.com', message: 'Please call me' },
      });
      expect(sent.status).toBe(201);
      const state = await server.call('GET', `/api/transcription/${sent.body.id}`, { token: owner.access });
      expect(state.body).toMatchObject({ status: null, canRetry: false });
      const retry = await server.call('POST', `/api/transcription/${sent.body.id}/retry`, { token: owner.access });
      expect(retry).toMatchObject({ status: 409, body: { msg: 'This message has no audio to transcribe' } });
    });

    it("answers 404 for another user's recording and for malformed ids, 401 without a token", async () => {
      const owner = await signUpPro(server);
      const other = await server.signUp();
      const id = await sendMessage(server, owner.access, await threeSecondMp3());
      for (const path of [`/api/transcription/${id}`, `/api/transcription/not-an-id`, `/api/transcription/AAAAAAAAAAAA`]) {
        expect(await server.call('GET', path, { token: other.access })).toMatchObject({
          status: 404,
          body: { msg: 'Recording not found' },
        });
      }
      expect((await server.call('POST', `/api/transcription/${id}/retry`, { token: other.access })).status).toBe(404);
      expect((await server.call('POST', `/api/transcription/${id}/retry`)).status).toBe(401);
      await settled(server, owner.access, id);
      const again = await server.call('POST', `/api/transcription/${id}/retry`, { token: owner.access });
      expect(again).toMatchObject({ status: 409, body: { msg: 'This recording has a transcript already' } });
    });
  });

  describe('with an OpenAI-compatible API', () => {
    let fake: Fake;
    let server: TestServer;
    beforeAll(async () => {
      fake = await startFakeOpenAi();
      server = await startTestServer(backend, {
        ...speechApiEnv(fake.url),
        // Long enough that an answer is never taken for a hang on a loaded machine (at 0.5 s a
        // plain answer timed out under CI load); the two tests with hangs wait it out.
        TRANSCRIPTION_TIMEOUT_SECONDS: '5',
        SUMMARY_MODEL: 'chat-small',
        JOB_MAX_ATTEMPTS: '3',
        JOB_RETRY_BASE_SECONDS: '0.05',
      });
    });
    afterAll(async () => {
      await server.close();
      await fake.close();
    });

    it('sends the audio as the API expects and maps its verbose_json to segments and sentences, with a summary', async () => {
      fake.reset();
      fake.script('transcriptions', { kind: 'answer', body: verboseJson('Go forward ten meters. Then stop.') });
      const user = await signUpPro(server);
      const mp3 = await threeSecondMp3();
      const id = await sendMessage(server, user.access, mp3);
      const state = await settled(server, user.access, id);
      expect(state).toMatchObject({ status: 'complete', transcriber: 'openai' });
      expect(transcriptSentences(state.transcription)).toEqual([
        { text: 'Go forward ten meters.', start: 0.5, end: 2.05 },
        { text: 'Then stop.', start: 2.1, end: 2.85 },
      ]);
      expectInside(state.transcription, 3.1);

      const [request] = fake.requests;
      expect(request!.path).toBe('/v1/audio/transcriptions');
      expect(request!.headers.authorization).toBe('Bearer sk-test');
      expect(request!.form!.get('model')).toBe('whisper-large-v3');
      expect(request!.form!.get('response_format')).toBe('verbose_json');
      expect(request!.form!.getAll('timestamp_granularities[]')).toEqual(['segment', 'word']);
      const file = request!.form!.get('file') as File;
      expect(file.name).toBe('recording.mp3');
      expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(mp3))).toBe(true);

      const summarised = await waitFor(
        async () => (await server.call('GET', `/api/view-vocal/${id}`)).body.audio.summary,
        (summary) => summary !== null,
      );
      expect(summarised).toBe('A short summary.');
      const chat = fake.requests.find((entry) => entry.path === '/v1/chat/completions')!;
      expect(chat.json).toMatchObject({
        model: 'chat-small',
        messages: [{ role: 'system' }, { role: 'user', content: 'Go forward ten meters. Then stop.' }],
      });
    });

    it('retries an error answer and a timeout, then succeeds', async () => {
      fake.reset();
      fake.script(
        'transcriptions',
        { kind: 'error', status: 503, message: 'overloaded' },
        { kind: 'hang' },
        { kind: 'answer', body: verboseJson('Third time lucky.') },
      );
      const user = await signUpPro(server);
      const id = await sendMessage(server, user.access, await threeSecondMp3());
      const state = await settled(server, user.access, id);
      expect(state.status).toBe('complete');
      expect(state.transcription[0].sentences[0].text).toBe('Third time lucky.');
      expect(fake.transcriptionCalls()).toBe(3);
      const job = await server.running.services.jobs.queue.find(`transcribe:${id}`);
      expect(job).toMatchObject({ state: 'done', attempts: 3 });
    });

    it('gives up after the last try into a visible error, and the owner can retry it', async () => {
      fake.reset();
      fake.script('transcriptions', { kind: 'hang' }, { kind: 'error', status: 500, message: 'boom' }, { kind: 'hang' });
      const user = await signUpPro(server);
      const id = await sendMessage(server, user.access, await threeSecondMp3());
      const failed = await settled(server, user.access, id);
      expect(failed).toMatchObject({ status: 'error', canRetry: true, transcription: null });
      expect(failed.error).toBe('The speech-to-text API did not answer within 5 s');
      const listen = await server.call('GET', `/api/view-vocal/${id}`);
      expect(listen.body.audio.transcriptionStatus).toBe('error');
      expect(listen.body.transcriptionNotice).toEqual({ configured: true, message: 'The transcript could not be made.' });
      expect(JSON.stringify(listen.body)).not.toContain('did not answer');

      fake.script('transcriptions', { kind: 'answer', body: verboseJson('Better now.') });
      const retried = await server.call('POST', `/api/transcription/${id}/retry`, { token: user.access });
      expect(retried).toMatchObject({ status: 202, body: { status: 'loading', error: null } });
      expect((await settled(server, user.access, id)).status).toBe('complete');
    });

    it('does not retry what no retry can fix (a refused key)', async () => {
      fake.reset();
      fake.script('transcriptions', { kind: 'error', status: 401, message: 'Incorrect API key provided' });
      const user = await signUpPro(server);
      const id = await sendMessage(server, user.access, await threeSecondMp3());
      const failed = await settled(server, user.access, id);
      expect(failed).toMatchObject({ status: 'error', error: 'The speech-to-text API answered 401: Incorrect API key provided' });
      expect(fake.transcriptionCalls()).toBe(1);
    });
  });
});
