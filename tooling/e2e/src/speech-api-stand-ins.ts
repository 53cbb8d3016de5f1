import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local servers answering the OpenAI-compatible speech-to-text call (POST
 * {base}/audio/transcriptions, multipart) and chat completions as four real services do,
 * from their documentation: which models take which response_format, the status and error
 * body of each refusal, and the fields of each answer.
 *
 * - openai: api.openai.com/v1. whisper-1 answers json, text, srt, verbose_json, vtt;
 *   gpt-4o-transcribe and gpt-4o-mini-transcribe only json (and text, which the refusal names);
 *   gpt-4o-transcribe-diarize json, text and diarized_json. verbose_json for the others is 400
 *   `unsupported_value`; timestamp_granularities need verbose_json. Errors are
 *   `{error: {message, type, param, code}}`; a bad key is 401 `invalid_api_key`.
 * - groq: api.groq.com/openai/v1. whisper-large-v3 and -turbo answer json, text, verbose_json,
 *   each with an `x_groq` id; an unknown model is 404 `model_not_found`.
 * - whisper-cpp: whisper.cpp's server (`--inference-path /v1/audio/transcriptions`): any model
 *   name, json `{text}`, verbose_json with word timings inside each segment (tokens with their
 *   leading space), errors `{error: "..."}`.
 * - speaches (formerly faster-whisper-server): verbose_json with top-level `words` when asked
 *   for, segments with whisper's fields.
 */
export type SpeechApiKind = 'openai' | 'groq' | 'whisper-cpp' | 'speaches';

/** What the audio says, as the stand-in "recognises" it: the words and when each is spoken. */
export type SpokenWords = { word: string; start: number; end: number }[];

export type SpeechApiRequest = {
  path: string;
  model: string | null;
  responseFormat: string | null;
  granularities: string[];
  json: unknown;
};

const OPENAI_FORMATS: Record<string, string[]> = {
  'whisper-1': ['json', 'text', 'srt', 'verbose_json', 'vtt'],
  'gpt-4o-transcribe': ['json', 'text'],
  'gpt-4o-mini-transcribe': ['json', 'text'],
  'gpt-4o-transcribe-diarize': ['json', 'text', 'diarized_json'],
};
const GROQ_MODELS = new Set(['whisper-large-v3', 'whisper-large-v3-turbo']);
/** Chat models that refuse a system message (OpenAI's o1-mini and o1-preview did). */
const NO_SYSTEM_ROLE = new Set(['o1-mini', 'o1-preview']);

const BASE_PATHS: Record<SpeechApiKind, string> = { openai: '/v1', groq: '/openai/v1', 'whisper-cpp': '/v1', speaches: '/v1' };

const textOf = (words: SpokenWords) => words.map((word) => word.word).join(' ');

function openAiError(
  response: ServerResponse,
  status: number,
  error: { message: string; type: string; param: string | null; code: string | null },
) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error }));
}

export async function startSpeechApi(kind: SpeechApiKind, options: { key?: string; spoken?: SpokenWords; summary?: string } = {}) {
  const requests: SpeechApiRequest[] = [];
  let spoken: SpokenWords = options.spoken ?? [];
  const summary = options.summary ?? 'A short summary.';
  const base = BASE_PATHS[kind];

  const verboseSegments = (words: SpokenWords, withWords: boolean) => {
    if (words.length === 0) return [];
    // One segment per run of words without a pause of a second or more, as whisper cuts them.
    const runs: SpokenWords[] = [];
    for (const word of words) {
      const run = runs.at(-1);
      if (run && word.start - run.at(-1)!.end < 1) run.push(word);
      else runs.push([word]);
    }
    return runs.map((run, id) => ({
      id,
      seek: 0,
      start: run[0]!.start,
      end: run.at(-1)!.end,
      text: ` ${textOf(run)}`,
      tokens: run.map((_word, index) => 1000 + index),
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 1.1,
      no_speech_prob: 0.01,
      ...(withWords
        ? { words: run.map((word) => ({ word: ` ${word.word}`, start: word.start, end: word.end, t_dtw: -1, probability: 0.9 })) }
        : {}),
    }));
  };

  async function transcribe(request: IncomingMessage, response: ServerResponse, form: FormData) {
    const model = typeof form.get('model') === 'string' ? (form.get('model') as string) : null;
    const format = typeof form.get('response_format') === 'string' ? (form.get('response_format') as string) : 'json';
    const granularities = form.getAll('timestamp_granularities[]').map(String);
    requests.push({ path: request.url ?? '', model, responseFormat: format, granularities, json: null });
    const file = form.get('file');
    if (!(file instanceof Blob) || file.size === 0) {
      if (kind === 'whisper-cpp') {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: "no 'file' field in the request" }));
        return;
      }
      return openAiError(response, 400, { message: 'Missing file.', type: 'invalid_request_error', param: 'file', code: null });
    }
    const text = textOf(spoken);
    const duration = spoken.length ? spoken.at(-1)!.end + 0.5 : 1;

    if (kind === 'openai') {
      const formats = model ? OPENAI_FORMATS[model] : undefined;
      if (!formats) {
        return openAiError(response, 400, {
          message: `Invalid model ${model ?? ''}. The model argument should be left blank.`,
          type: 'invalid_request_error',
          param: 'model',
          code: 'invalid_value',
        });
      }
      if (!formats.includes(format)) {
        return openAiError(response, 400, {
          message: `response_format '${format}' is not compatible with model '${model}'. Use 'json' or 'text' instead.`,
          type: 'invalid_request_error',
          param: 'response_format',
          code: 'unsupported_value',
        });
      }
      if (granularities.length && format !== 'verbose_json') {
        return openAiError(response, 400, {
          message: 'timestamp_granularities is only supported when response_format is verbose_json.',
          type: 'invalid_request_error',
          param: 'timestamp_granularities',
          code: 'unsupported_value',
        });
      }
    }
    if (kind === 'groq' && (!model || !GROQ_MODELS.has(model))) {
      return openAiError(response, 404, {
        message: `The model \`${model ?? ''}\` does not exist or you do not have access to it.`,
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found',
      });
    }

    if (format === 'text') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`${text}\n`);
      return;
    }
    const groq = kind === 'groq' ? { x_groq: { id: `req_${randomUUID().replaceAll('-', '')}` } } : {};
    let body: unknown;
    if (format === 'verbose_json') {
      const wantWords = granularities.includes('word');
      body =
        kind === 'whisper-cpp'
          ? { task: 'transcribe', language: 'english', duration, text: ` ${text}`, segments: verboseSegments(spoken, true) }
          : {
              task: 'transcribe',
              language: 'english',
              duration,
              text,
              ...(wantWords ? { words: spoken.map((word) => ({ word: word.word, start: word.start, end: word.end })) } : {}),
              segments: verboseSegments(spoken, false),
              ...(kind === 'openai' ? { usage: { type: 'duration', seconds: Math.ceil(duration) } } : {}),
              ...groq,
            };
    } else if (kind === 'openai') {
      body = model?.startsWith('gpt-')
        ? { text, usage: { type: 'tokens', input_tokens: 40, output_tokens: spoken.length, total_tokens: 40 + spoken.length } }
        : { text, usage: { type: 'duration', seconds: Math.ceil(duration) } };
    } else {
      body = { text, ...groq };
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  function chat(response: ServerResponse, json: { model?: string; messages?: { role: string; content: string }[] }) {
    requests.push({ path: '/chat/completions', model: json.model ?? null, responseFormat: null, granularities: [], json });
    if (json.model && NO_SYSTEM_ROLE.has(json.model)) {
      const index = (json.messages ?? []).findIndex((message) => message.role === 'system');
      if (index >= 0) {
        return openAiError(response, 400, {
          message: `Unsupported value: 'messages[${index}].role' does not support 'system' with this model.`,
          type: 'invalid_request_error',
          param: `messages[${index}].role`,
          code: 'unsupported_value',
        });
      }
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: `chatcmpl-${randomUUID()}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: json.model,
        choices: [{ index: 0, message: { role: 'assistant', content: summary, refusal: null }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 50, completion_tokens: 8, total_tokens: 58 },
      }),
    );
  }

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = (request.url ?? '').split('?')[0]!;
    if (options.key && request.headers.authorization !== `Bearer ${options.key}` && kind !== 'whisper-cpp') {
      return openAiError(response, 401, {
        message: 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      });
    }
    const type = request.headers['content-type'] ?? '';
    if (path === `${base}/audio/transcriptions` && request.method === 'POST' && type.startsWith('multipart/form-data')) {
      return transcribe(request, response, await new Response(body, { headers: { 'content-type': type } }).formData());
    }
    if (path === `${base}/chat/completions` && request.method === 'POST' && kind !== 'whisper-cpp') {
      return chat(response, JSON.parse(body.toString()) as never);
    }
    if (kind === 'whisper-cpp') {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('File Not Found');
      return;
    }
    openAiError(response, 404, {
      message: `Invalid URL (${request.method} ${path})`,
      type: 'invalid_request_error',
      param: null,
      code: null,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${base}`;
  return {
    url,
    requests,
    /** What the next audio sent "says". */
    speak(words: SpokenWords) {
      spoken = words;
    },
    transcriptionRequests: () => requests.filter((request) => request.path.endsWith('/audio/transcriptions')),
    chatRequests: () => requests.filter((request) => request.path === '/chat/completions'),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SpeechApi = Awaited<ReturnType<typeof startSpeechApi>>;
