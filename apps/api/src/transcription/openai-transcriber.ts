import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { MediaPool } from '../media/media-pool.ts';
import type { ProcessScratch } from '../processes/process-scratch.ts';
import { groupIntoSegments, splitSentences, timeSentences, wordsFromSegments, type TimedWord } from './sentences.ts';
import { asJobError, callApi, refusesField, type ApiEndpoint } from './speech-api.ts';
import { frameLevels, speechSpans, wordsOverSpans } from './speech-spans.ts';
import type { Transcriber, TranscriptionRequest } from './transcriber.ts';

export type { ApiEndpoint } from './speech-api.ts';

const wordSchema = z.object({ word: z.string(), start: z.coerce.number(), end: z.coerce.number() });

/**
 * The parts of verbose_json we read. OpenAI (whisper-1), Groq and speaches put word timings in
 * a top-level `words`; whisper.cpp's server puts them in each segment's `words`. Servers add
 * other fields, and some omit these.
 */
const verboseJsonSchema = z.object({
  text: z.string().default(''),
  duration: z.coerce.number().optional(),
  segments: z
    .array(
      z.object({
        start: z.coerce.number(),
        end: z.coerce.number(),
        text: z.string(),
        words: z.array(wordSchema).nullish(),
        // Whisper's own measures of a segment: its tokens' mean log-probability, and how likely it is no speech at all.
        avg_logprob: z.coerce.number().nullish(),
        no_speech_prob: z.coerce.number().nullish(),
      }),
    )
    .nullish(),
  words: z.array(wordSchema).nullish(),
});
export type VerboseJson = z.input<typeof verboseJsonSchema>;

/** What `json` answers: `{text}` (OpenAI adds usage and logprobs). `text` answers the words alone. */
const jsonAnswerSchema = z.object({ text: z.string() });

/**
 * The formats asked for, best first: verbose_json has timings; json and text have only the
 * words, timed from the audio here.
 */
export const RESPONSE_FORMATS = ['verbose_json', 'json', 'text'] as const;
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];

/**
 * Models known to answer only json or text (OpenAI's documentation: "For gpt-4o-transcribe and
 * gpt-4o-mini-transcribe, the only supported format is json"): asked json from the first request.
 */
const JSON_ONLY_MODELS = /^(?:gpt-4o(?:-mini)?-transcribe|gpt-transcribe)(?:-\d{4}-\d{2}-\d{2})?$/;

/** Maps a verbose_json answer to the spec's segments and sentences, all inside the audio; null when it has no timings. */
export function transcriptFromVerboseJson(answer: VerboseJson, durationSeconds: number) {
  const parsed = verboseJsonSchema.parse(answer);
  const segments = parsed.segments?.length ? parsed.segments : null;
  if (!segments && !parsed.words?.length) return null;
  const text = segments ? segments.map((segment) => segment.text).join(' ') : parsed.text;
  const segmentWords = segments?.flatMap((segment) => segment.words ?? []) ?? [];
  const words: TimedWord[] = parsed.words?.length
    ? parsed.words
    : segmentWords.length
      ? segmentWords
      : wordsFromSegments(segments ?? [{ start: 0, end: parsed.duration ?? durationSeconds, text }]);
  return groupIntoSegments(timeSentences(splitSentences(text), words, durationSeconds), durationSeconds);
}

/**
 * How sure the model was, from verbose_json: each segment's mean token probability
 * (e^avg_logprob) times the chance it is speech at all, weighted by the segment's length. Null
 * when any segment lacks avg_logprob (servers that do not report it) or there is no segment.
 */
export function verboseJsonConfidence(answer: VerboseJson): number | null {
  const segments = verboseJsonSchema.parse(answer).segments ?? [];
  if (segments.length === 0 || segments.some((segment) => typeof segment.avg_logprob !== 'number')) return null;
  let weighted = 0;
  let total = 0;
  for (const segment of segments) {
    const length = Math.max(segment.end - segment.start, 0.01);
    weighted += length * Math.exp(segment.avg_logprob!) * (1 - Math.min(Math.max(segment.no_speech_prob ?? 0, 0), 1));
    total += length;
  }
  return weighted / total;
}

const EXTENSIONS: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/webm': 'webm', 'audio/mp4': 'm4a' };

/**
 * An OpenAI-compatible speech-to-text API: OpenAI, Groq, or a self-hosted whisper server
 * (speaches, whisper.cpp's server). It asks verbose_json (timings from the model), and a server
 * or model that refuses it (OpenAI's gpt-4o-transcribe answers 400 `unsupported_value`) is
 * asked json, then text, at once in the same job; the format that worked is remembered for
 * the process's life. Words that come without timings are timed from the audio itself: the
 * recording is decoded, the spans where someone speaks are found, and the words are spread
 * over them, falling back to proportional timing only when no span stands out.
 */
export function createOpenAiTranscriber(options: {
  endpoint: ApiEndpoint;
  timeoutMs: number;
  media: Pick<MediaPool, 'decodeToPcm16kFile'>;
  scratch?: ProcessScratch;
}): Transcriber & { formatInUse(): ResponseFormat } {
  const { endpoint } = options;
  let format: ResponseFormat = JSON_ONLY_MODELS.test(endpoint.model) ? 'json' : 'verbose_json';

  const ask = async (request: TranscriptionRequest, asked: ResponseFormat) => {
    const form = new FormData();
    const extension = EXTENSIONS[request.contentType] ?? 'mp3';
    form.set('file', new Blob([request.audio], { type: request.contentType }), `recording.${extension}`);
    form.set('model', endpoint.model);
    form.set('response_format', asked);
    // Granularities are for verbose_json only: OpenAI refuses them with any other format.
    if (asked === 'verbose_json') {
      form.append('timestamp_granularities[]', 'segment');
      form.append('timestamp_granularities[]', 'word');
    }
    return callApi(endpoint, '/audio/transcriptions', {
      body: form,
      signal: request.signal,
      timeoutMs: options.timeoutMs,
      what: 'speech-to-text API',
    });
  };

  /** Words timed from where speech is in the recording; proportional over it when that cannot be found. */
  const timedFromAudio = async (request: TranscriptionRequest, text: string) => {
    if (!splitSentences(text).length) return [];
    let spans: { start: number; end: number }[] = [];
    const folder = options.scratch
      ? await options.scratch.temporaryFolder('speech-spans')
      : await mkdtemp(join(tmpdir(), 'vocal-speech-spans-'));
    try {
      const pcmPath = join(folder, 'speech.raw');
      await options.media.decodeToPcm16kFile(request.audio, pcmPath, request.signal);
      spans = speechSpans(await frameLevels(pcmPath));
    } catch (error) {
      request.signal.throwIfAborted();
      // Undecodable here (the API took it): the words still get proportional timings.
      void error;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    const words = wordsOverSpans(text, spans, request.durationSeconds);
    return groupIntoSegments(timeSentences(splitSentences(text), words, request.durationSeconds), request.durationSeconds);
  };

  return {
    name: 'openai',
    formatInUse: () => format,
    async transcribe(request) {
      let answer: unknown;
      for (;;) {
        try {
          answer = await ask(request, format);
          break;
        } catch (error) {
          const next = RESPONSE_FORMATS[RESPONSE_FORMATS.indexOf(format) + 1];
          if (!next || !refusesField(error, /response_format|verbose_json/i)) throw asJobError(error);
          format = next;
        }
      }
      // json and text carry no log-probabilities (unless asked for with include[]=logprobs): no confidence.
      if (typeof answer === 'string') return { transcription: await timedFromAudio(request, answer.trim()), confidence: null };
      const verbose = verboseJsonSchema.safeParse(answer);
      if (verbose.success) {
        const timed = transcriptFromVerboseJson(verbose.data, request.durationSeconds);
        if (timed) return { transcription: timed, confidence: verboseJsonConfidence(verbose.data) };
      }
      const plain = jsonAnswerSchema.safeParse(answer);
      if (!plain.success) throw new Error('The speech-to-text API answered without a transcript');
      return { transcription: await timedFromAudio(request, plain.data.text.trim()), confidence: null };
    },
  };
}
