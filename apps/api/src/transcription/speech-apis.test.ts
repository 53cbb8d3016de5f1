import { encodeMp3, tonePcm } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptSentences, transcriptionSchema, type Transcription } from '@vocal/settings-model';
import { startSpeechApi, type SpeechApiKind, type SpokenWords } from '@vocal/e2e';
import { PermanentJobError } from '../jobs/job-queue.ts';
import { createMediaPool, type MediaPool } from '../media/media-pool.ts';
import { startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { samplePng, uploadForm, waitFor } from '../../test/harness/upload-form.ts';
import { speechApiEnv } from '../../test/harness/speech-api-env.ts';
import { createOpenAiTranscriber } from './openai-transcriber.ts';
import { createSummariser } from './summariser.ts';

/**
 * The transcription client against local servers that answer as OpenAI, Groq, whisper.cpp's
 * server and speaches do (@vocal/e2e's speech-api-stand-ins.ts), on a recording with speech
 * (a tone standing in for it) from 1 s to 3 s and from 6 s to 8 s, silence elsewhere.
 */
const RATE = 44_100;
const DURATION = 9;
const SPOKEN: SpokenWords = [
  { word: 'Go', start: 1.1, end: 1.4 },
  { word: 'forward', start: 1.5, end: 2.1 },
  { word: 'now.', start: 2.2, end: 2.8 },
  { word: 'Turn', start: 6.1, end: 6.5 },
  { word: 'left', start: 6.6, end: 7.0 },
  { word: 'then.', start: 7.2, end: 7.8 },
];

async function twoPhrasesMp3() {
  const samples = new Float32Array(DURATION * RATE);
  const tone = tonePcm(2, { sampleRate: RATE, amplitude: 0.3, frequency: 220 }).samples;
  samples.set(tone, 1 * RATE);
  samples.set(tone, 6 * RATE);
  return encodeMp3(samples, RATE);
}

function expectTwoPhrases(transcription: Transcription) {
  expect(transcriptionSchema.parse(transcription)).toEqual(transcription);
  const sentences = transcriptSentences(transcription);
  expect(sentences.map((sentence) => sentence.text)).toEqual(['Go forward now.', 'Turn left then.']);
  // Each sentence inside its phrase, and the 3-s pause between them splits the blocks.
  expect(sentences[0]!.start).toBeGreaterThanOrEqual(0.9);
  expect(sentences[0]!.end).toBeLessThanOrEqual(3.2);
  expect(sentences[1]!.start).toBeGreaterThanOrEqual(5.9);
  expect(sentences[1]!.end).toBeLessThanOrEqual(8.2);
  expect(transcription).toHaveLength(2);
}

let media: MediaPool;
const transcriberOf = (url: string, model: string, key = 'sk-test') =>
  createOpenAiTranscriber({ endpoint: { url, key, model }, timeoutMs: 5000, media });
let audio: Uint8Array;
const request = () => ({ audio, contentType: 'audio/mpeg', durationSeconds: DURATION, signal: new AbortController().signal });

beforeAll(async () => {
  media = createMediaPool({ workers: 1 });
  audio = await twoPhrasesMp3();
});
afterAll(() => media.close());

describe.each<[SpeechApiKind, string]>([
  ['openai', 'whisper-1'],
  ['groq', 'whisper-large-v3-turbo'],
  ['whisper-cpp', 'ggml-base.en'],
  ['speaches', 'Systran/faster-whisper-small'],
])('a %s server answering verbose_json (%s)', (kind, model) => {
  it('is asked verbose_json with word timings once, and its timings are used', async () => {
    const api = await startSpeechApi(kind, { key: 'sk-test', spoken: SPOKEN });
    try {
      const transcriber = transcriberOf(api.url, model);
      expectTwoPhrases((await transcriber.transcribe(request())).transcription);
      expect(api.transcriptionRequests()).toEqual([
        expect.objectContaining({ model, responseFormat: 'verbose_json', granularities: ['segment', 'word'] }),
      ]);
      expect(transcriber.formatInUse()).toBe('verbose_json');
    } finally {
      await api.close();
    }
  });
});

describe('json-only models', () => {
  let api: Awaited<ReturnType<typeof startSpeechApi>>;
  beforeAll(async () => {
    api = await startSpeechApi('openai', { key: 'sk-test', spoken: SPOKEN });
  });
  afterAll(() => api.close());

  it.each(['gpt-4o-transcribe', 'gpt-4o-mini-transcribe'])(
    '%s is asked json without granularities, and the sentences are timed from where the audio has speech',
    async (model) => {
      api.requests.length = 0;
      const transcriber = transcriberOf(api.url, model);
      expectTwoPhrases((await transcriber.transcribe(request())).transcription);
      expect(api.transcriptionRequests()).toEqual([expect.objectContaining({ responseFormat: 'json', granularities: [] })]);
    },
  );

  it('a model that refuses verbose_json with 400 unsupported_value is asked json at once, and that is remembered', async () => {
    api.requests.length = 0;
    const transcriber = transcriberOf(api.url, 'gpt-4o-transcribe-diarize');
    expectTwoPhrases((await transcriber.transcribe(request())).transcription);
    expect(api.transcriptionRequests().map((entry) => entry.responseFormat)).toEqual(['verbose_json', 'json']);
    expectTwoPhrases((await transcriber.transcribe(request())).transcription);
    expect(api.transcriptionRequests().map((entry) => entry.responseFormat)).toEqual(['verbose_json', 'json', 'json']);
    expect(transcriber.formatInUse()).toBe('json');
  });

  it('falls back to proportional timing when the audio has no span that stands out', async () => {
    api.requests.length = 0;
    const steady = await encodeMp3(tonePcm(DURATION, { sampleRate: RATE, amplitude: 0.3 }).samples, RATE);
    const transcriber = transcriberOf(api.url, 'gpt-4o-transcribe');
    const { transcription } = await transcriber.transcribe({ ...request(), audio: steady });
    const sentences = transcriptSentences(transcription);
    expect(sentences.map((sentence) => sentence.text)).toEqual(['Go forward now.', 'Turn left then.']);
    expect(sentences[0]!.start).toBe(0);
    expect(sentences[1]!.end).toBeCloseTo(DURATION, 1);
  });

  it('a wrong key is a permanent failure after one request', async () => {
    api.requests.length = 0;
    const transcriber = transcriberOf(api.url, 'gpt-4o-transcribe', 'sk-wrong');
    await expect(transcriber.transcribe(request())).rejects.toThrow(PermanentJobError);
    await expect(transcriber.transcribe(request())).rejects.toThrow(/401: Incorrect API key/);
  });

  it('a summary model that refuses the system role is asked again with the instructions in the user message, once', async () => {
    api.requests.length = 0;
    const summariser = createSummariser({ endpoint: { url: api.url, key: 'sk-test', model: 'o1-mini' }, timeoutMs: 5000 });
    expect(await summariser.summarise('Go forward now. Turn left then.', new AbortController().signal)).toBe('A short summary.');
    expect(await summariser.summarise('Again.', new AbortController().signal)).toBe('A short summary.');
    const roles = api
      .chatRequests()
      .map((entry) => (entry.json as { messages: { role: string }[] }).messages.map((message) => message.role));
    expect(roles).toEqual([['system', 'user'], ['user'], ['user']]);
  });
});

describe('a transcription job with gpt-4o-transcribe', () => {
  let server: TestServer;
  let api: Awaited<ReturnType<typeof startSpeechApi>>;
  beforeAll(async () => {
    api = await startSpeechApi('openai', { key: 'sk-test', spoken: SPOKEN });
    server = await startTestServer('pglite', {
      ...speechApiEnv(api.url, 'gpt-4o-transcribe'),
      SUMMARY_MODEL: 'o1-mini',
    });
  });
  afterAll(async () => {
    await server.close();
    await api.close();
  });

  it('completes with timed sentences and a summary', async () => {
    const user = await server.signUp();
    await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
    const reserved = await server.call('GET', '/api/get-vocal', { token: user.access });
    const id = reserved.body.id as string;
    const upload = await server.call('POST', '/api/upload-vocal', {
      token: user.access,
      form: uploadForm({ recording: audio, image: samplePng(), context: { id, duration: DURATION, peaks: [0.5] } }),
    });
    expect(upload.status).toBe(200);
    const state = await waitFor(
      async () => (await server.call('GET', `/api/transcription/${id}`, { token: user.access })).body,
      (body) => body.status === 'error' || (body.status === 'complete' && body.summary !== null),
    );
    expect(state).toMatchObject({ status: 'complete', error: null, summary: 'A short summary.' });
    expectTwoPhrases(state.transcription);
  });
});
