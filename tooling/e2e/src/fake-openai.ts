import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRequest = { path: string; headers: IncomingMessage['headers']; form: FormData | null; json: unknown };

/**
 * What the fake answers next: a verbose_json or chat body, an HTTP error, silence, or another
 * behaviour once the test releases it (a transcript that is still being made while a page looks).
 */
export type FakeBehaviour =
  | { kind: 'answer'; body: unknown; delayMs?: number }
  | { kind: 'error'; status: number; message: string }
  | { kind: 'hang' }
  | { kind: 'held'; until: Promise<void>; then: Exclude<FakeBehaviour, { kind: 'held' }> };

/**
 * A local server speaking the OpenAI API's speech-to-text (/audio/transcriptions) and chat
 * (/chat/completions) calls, answering from a script the test sets.
 */
export async function startFakeOpenAi() {
  const requests: FakeRequest[] = [];
  const scripts: Record<string, FakeBehaviour[]> = { transcriptions: [], chat: [] };
  const fallback: Record<string, FakeBehaviour> = {
    transcriptions: { kind: 'error', status: 500, message: 'no answer scripted' },
    chat: { kind: 'answer', body: { choices: [{ index: 0, message: { role: 'assistant', content: 'A short summary.' } }] } },
  };
  const hanging = new Set<ServerResponse>();

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = request.url ?? '';
    const type = request.headers['content-type'] ?? '';
    let form: FormData | null = null;
    let json: unknown = null;
    if (type.startsWith('multipart/form-data')) {
      form = await new Response(body, { headers: { 'content-type': type } }).formData();
    } else if (type.startsWith('application/json')) {
      json = JSON.parse(body.toString());
    }
    requests.push({ path, headers: request.headers, form, json });
    const which = path.endsWith('/audio/transcriptions') ? 'transcriptions' : path.endsWith('/chat/completions') ? 'chat' : null;
    if (!which) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `Unknown path ${path}` } }));
      return;
    }
    let behaviour = scripts[which]!.shift() ?? fallback[which]!;
    if (behaviour.kind === 'held') {
      await behaviour.until;
      behaviour = behaviour.then;
    }
    if (behaviour.kind === 'hang') {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    if (behaviour.kind === 'answer' && behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    const status = behaviour.kind === 'answer' ? 200 : behaviour.status;
    const payload = behaviour.kind === 'answer' ? behaviour.body : { error: { message: behaviour.message, type: 'server_error' } };
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(payload));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

  return {
    url,
    requests,
    /** What calls answer once the script is used up. */
    fallback(which: 'transcriptions' | 'chat', behaviour: FakeBehaviour) {
      fallback[which] = behaviour;
    },
    /** Queues what the next calls to /audio/transcriptions (or /chat/completions) answer. */
    script(which: 'transcriptions' | 'chat', ...behaviours: FakeBehaviour[]) {
      scripts[which]!.push(...behaviours);
    },
    /**
     * The next call to `which` waits, unanswered, until the returned release is called, then
     * behaves as `then`: a state the test holds as long as it needs, not a delay it guesses.
     */
    holdNext(which: 'transcriptions' | 'chat', then: Exclude<FakeBehaviour, { kind: 'held' }>): () => void {
      let release = () => undefined as void;
      const until = new Promise<void>((resolve) => (release = resolve));
      scripts[which]!.push({ kind: 'held', until, then });
      return release;
    },
    transcriptionCalls: () => requests.filter((request) => request.path.endsWith('/audio/transcriptions')).length,
    chatCalls: () => requests.filter((request) => request.path.endsWith('/chat/completions')).length,
    reset() {
      requests.length = 0;
      scripts.transcriptions = [];
      scripts.chat = [];
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A verbose_json answer saying `sentences`, one second per word, as OpenAI words it. */
export function verboseJson(text: string, startAt = 0.5) {
  const words = text.split(/\s+/).map((token, index) => ({
    word: token.replace(/[^\p{L}\p{N}'-]/gu, ''),
    start: startAt + index * 0.4,
    end: startAt + index * 0.4 + 0.35,
  }));
  const end = words.at(-1)!.end;
  return {
    task: 'transcribe',
    language: 'english',
    duration: end + 0.2,
    text,
    segments: [
      {
        id: 0,
        seek: 0,
        start: startAt,
        end,
        text: ` ${text}`,
        tokens: [1, 2],
        temperature: 0,
        avg_logprob: -0.1,
        compression_ratio: 1.2,
        no_speech_prob: 0.01,
      },
    ],
    words,
  };
}
