import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptSentences } from '@vocal/settings-model';
import { startFakeOpenAi, verboseJson } from '@vocal/e2e';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { samplePng, threeSecondMp3, uploadForm, waitFor } from '../../test/harness/upload-form.ts';
import { speechApiEnv } from '../../test/harness/speech-api-env.ts';

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;

describe.each(embeddedBackend)('PUT transcription/{id} (the owner edits the transcript) on %s', (backend) => {
  let fake: Fake;
  let server: TestServer;
  let mp3: Uint8Array;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestServer(backend, {
      ...speechApiEnv(fake.url),
    });
    mp3 = await threeSecondMp3();
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  /** A Pro owner's message whose transcript says "Go forward ten meters. Then stop." */
  async function transcribedMessage() {
    const owner = await server.signUp();
    await server.running.services.admin.setPlan({ email: owner.email, plan: 'pro' });
    fake.script('transcriptions', { kind: 'answer', body: verboseJson('Go forward ten meters. Then stop.') });
    const reserved = await server.call('GET', '/api/get-vocal', { token: owner.access });
    const id = reserved.body.id as string;
    const uploaded = await server.call('POST', '/api/upload-vocal', {
      token: owner.access,
      form: uploadForm({ recording: mp3, image: samplePng(), context: { id, duration: 3, peaks: [0.5] } }),
    });
    expect(uploaded.status).toBe(200);
    const state = await waitFor(
      async () => (await server.call('GET', `/api/transcription/${id}`, { token: owner.access })).body,
      (body) => body.status !== 'loading',
      30_000,
    );
    expect(state.status).toBe('complete');
    return { owner, id };
  }

  const listenSentences = async (id: string) =>
    transcriptSentences((await server.call('GET', `/api/view-vocal/${id}`)).body.audio.transcription);

  it('replaces the words of each sentence and keeps every timing; the listen page serves the new text', async () => {
    const { owner, id } = await transcribedMessage();
    const before = await listenSentences(id);
    expect(before.map((sentence) => sentence.text)).toEqual(['Go forward ten meters.', 'Then stop.']);

    const edited = await server.call('PUT', `/api/transcription/${id}`, {
      token: owner.access,
      json: { sentences: ['  Go forward twelve metres. ', 'Then stop, please.'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, status: 'complete' });
    const after = await listenSentences(id);
    expect(after).toEqual([
      { ...before[0], text: 'Go forward twelve metres.' },
      { ...before[1], text: 'Then stop, please.' },
    ]);
    expect(transcriptSentences(edited.body.transcription)).toEqual(after);
    const owners = await server.call('GET', `/api/transcription/${id}`, { token: owner.access });
    expect(transcriptSentences(owners.body.transcription)).toEqual(after);
  });

  it('refuses bad input with 400 {msg} and changes nothing', async () => {
    const { owner, id } = await transcribedMessage();
    const before = await listenSentences(id);
    const cases: Array<[unknown, RegExp]> = [
      [{ sentences: ['Only one.'] }, /^sentences: the transcript has 2 sentences, the edit has 1$/],
      [{ sentences: ['One.', 'Two.', 'Three.'] }, /the transcript has 2 sentences, the edit has 3/],
      [{ sentences: ['Fine.', '   '] }, /must not be empty/],
      [{ sentences: ['Fine.', 'Nul\u0000here'] }, /NUL/],
      [{ sentences: [] }, /at least one sentence/],
      [{ sentences: 'Go forward.' }, /sentences/],
      [{ sentences: ['A.', 'B.'], start: 3 }, /start/],
      [{}, /sentences/],
      [{ sentences: ['x'.repeat(2001), 'B.'] }, /at most 2000/],
    ];
    for (const [json, message] of cases) {
      const reply = await server.call('PUT', `/api/transcription/${id}`, { token: owner.access, json });
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body.msg).toMatch(message);
    }
    expect(await listenSentences(id)).toEqual(before);
  });

  it("answers 404 for another user's recording (nothing changes), 401 without a token, 409 without a transcript", async () => {
    const { owner, id } = await transcribedMessage();
    const before = await listenSentences(id);
    const other = await server.signUp();
    const json = { sentences: ['Not yours.', 'Not yours either.'] };
    expect(await server.call('PUT', `/api/transcription/${id}`, { token: other.access, json })).toMatchObject({
      status: 404,
      body: { msg: 'Recording not found' },
    });
    expect((await server.call('PUT', `/api/transcription/${id}`, { json })).status).toBe(401);
    expect((await server.call('PUT', '/api/transcription/not-an-id', { token: owner.access, json })).status).toBe(404);
    expect(await listenSentences(id)).toEqual(before);

    // A Free owner's message has no transcript: nothing to edit.
    const reserved = await server.call('GET', '/api/get-vocal', { token: other.access });
    const freeId = reserved.body.id as string;
    await server.call('POST', '/api/upload-vocal', {
      token: other.access,
      form: uploadForm({ recording: mp3, image: samplePng(), context: { id: freeId, duration: 3, peaks: [0.5] } }),
    });
    expect(await server.call('PUT', `/api/transcription/${freeId}`, { token: other.access, json })).toMatchObject({
      status: 409,
      body: { msg: 'This recording has no transcript to edit yet' },
    });
  });
});
