import { z } from 'zod';
import { PermanentJobError } from '../jobs/job-queue.ts';
import { groupIntoSegments, splitSentences, timeSentences, wordsFromSegments, type TimedWord } from './sentences.ts';
import type { Transcriber } from './transcriber.ts';

/** The parts of verbose_json we read; servers add other fields, and whisper servers omit some. */
const verboseJsonSchema = z.object({
  text: z.string().default(''),
  duration: z.coerce.number().optional(),
  segments: z.array(z.object({ start: z.coerce.number(), end: z.coerce.number(), text: z.string() })).nullish(),
  words: z.array(z.object({ word: z.string(), start: z.coerce.number(), end: z.coerce.number() })).nullish(),
});
export type VerboseJson = z.input<typeof verboseJsonSchema>;

const errorBodySchema = z.object({ error: z.object({ message: z.string() }).or(z.string()) });

/**
 * Statuses that no retry will change: the request itself is wrong (bad key, unknown model,
 * file too large or not audio). Others (429, 5xx, network) are retried by the queue.
 */
const PERMANENT_STATUSES = new Set([400, 401, 403, 404, 413, 415, 422]);

export type ApiEndpoint = { url: string; key: string | null; model: string };

export async function callApi(
  endpoint: ApiEndpoint,
  path: string,
  init: { body: FormData | string; json?: boolean; signal: AbortSignal; timeoutMs: number; what: string },
): Promise<unknown> {
  const headers: Record<string, string> = {};
  if (endpoint.key) headers.authorization = `Bearer ${endpoint.key}`;
  if (init.json) headers['content-type'] = 'application/json';
  const timeout = AbortSignal.timeout(init.timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${endpoint.url}${path}`, {
      method: 'POST',
      headers,
      body: init.body,
      signal: AbortSignal.any([init.signal, timeout]),
    });
  } catch (error) {
    init.signal.throwIfAborted();
    if (timeout.aborted) {
      throw new Error(`The ${init.what} did not answer within ${init.timeoutMs / 1000} s`, { cause: error });
    }
    throw new Error(`The ${init.what} could not be reached: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    let detail = text.slice(0, 300);
    try {
      const parsed = errorBodySchema.safeParse(JSON.parse(text));
      if (parsed.success) detail = typeof parsed.data.error === 'string' ? parsed.data.error : parsed.data.error.message;
    } catch {
      // not JSON: keep the text
    }
    const message = `The ${init.what} answered ${response.status}${detail ? `: ${detail}` : ''}`;
    throw PERMANENT_STATUSES.has(response.status) ? new PermanentJobError(message) : new Error(message);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`The ${init.what} answered with something that is not JSON`);
  }
}

/** Maps a verbose_json answer to the spec's segments and sentences, all inside the audio. */
export function transcriptFromVerboseJson(answer: VerboseJson, durationSeconds: number) {
  const parsed = verboseJsonSchema.parse(answer);
  const segments = parsed.segments?.length ? parsed.segments : [{ start: 0, end: parsed.duration ?? durationSeconds, text: parsed.text }];
  const text = parsed.segments?.length ? segments.map((segment) => segment.text).join(' ') : parsed.text;
  const words: TimedWord[] = parsed.words?.length ? parsed.words : wordsFromSegments(segments);
  return groupIntoSegments(timeSentences(splitSentences(text), words, durationSeconds), durationSeconds);
}

const EXTENSIONS: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/webm': 'webm', 'audio/mp4': 'm4a' };

/** An OpenAI-compatible speech-to-text API: OpenAI, Groq, or a self-hosted whisper server. */
export function createOpenAiTranscriber(options: { endpoint: ApiEndpoint; timeoutMs: number }): Transcriber {
  return {
    name: 'openai',
    async transcribe(request) {
      const form = new FormData();
      const extension = EXTENSIONS[request.contentType] ?? 'mp3';
      form.set('file', new Blob([request.audio], { type: request.contentType }), `recording.${extension}`);
      form.set('model', options.endpoint.model);
      form.set('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'segment');
      form.append('timestamp_granularities[]', 'word');
      const answer = await callApi(options.endpoint, '/audio/transcriptions', {
        body: form,
        signal: request.signal,
        timeoutMs: options.timeoutMs,
        what: 'speech-to-text API',
      });
      const parsed = verboseJsonSchema.safeParse(answer);
      if (!parsed.success) throw new Error('The speech-to-text API answered without verbose_json text');
      return transcriptFromVerboseJson(parsed.data, request.durationSeconds);
    },
  };
}
