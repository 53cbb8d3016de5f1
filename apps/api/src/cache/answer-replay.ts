import { ReadStream, createReadStream } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { Readable } from 'node:stream';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { chooseRequestId } from '../http/request-id.ts';
import { nextNonce } from '../http/security-headers.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../observability/metrics.ts';
import { routePatternOf } from '../observability/route-pattern.ts';

/**
 * What a route says about its answer: it depends only on the request's URL (and the headers in
 * `keyOf`) and on the cached public page of `recordingId`. `body` is what the route answered:
 * text or bytes, or a file stream opened on local disk (sent again from the file, never kept).
 */
export type ReplayableAnswer = {
  recordingId: string;
  body: string | Uint8Array | Readable;
  encoding?: string;
  /**
   * The body is made anew for each request by this named computation (`computed` of
   * createAnswerReplay), the rest of the answer (status, headers) kept: listen tracking, whose
   * body is each listener's own.
   */
  computedBy?: ComputedAnswer;
};

/** Answers whose body is computed per request while status and headers are replayed. */
export type ComputedAnswer = 'listen-tracking';

type Pieces = string[];
type Remembered = {
  recordingId: string;
  page: object;
  status: number;
  /** Header values cut where the request's CSP nonce was; the request id's value is left out. */
  headers: [name: string, value: Pieces][];
  body:
    | { kind: 'text'; pieces: Pieces }
    | { kind: 'gzip'; pieces: Pieces; deflated: Buffer[] }
    | { kind: 'bytes'; bytes: Uint8Array; fromFile?: true }
    | { kind: 'file'; path: string; start: number; end: number }
    | { kind: 'computed'; by: ComputedAnswer }
    | null;
  labels: { method: string; route: string; status: string };
  logLine: string;
};

/**
 * Request headers that may change a public answer in ways the key does not hold: a signed-in
 * user, cookies, a cross-origin caller (CORS headers), a custom domain behind a proxy,
 * conditional ranges. Such requests always take the whole chain.
 */
const PERSONAL_HEADERS = ['authorization', 'cookie', 'origin', 'x-forwarded-host', 'if-range', 'if-modified-since'];

/**
 * The answer's key: the URL and the request headers the listen path's routes and middleware
 * read (gzip or not, the ETag a client holds, a byte range), exact strings, so two requests
 * with the same key get the same answer from the whole chain. Null: never replayed.
 */
function keyOf(incoming: IncomingMessage): string | null {
  if (incoming.method !== 'GET') return null;
  const url = incoming.url ?? '';
  // ?ref= counts a referral click (http/referral-cookie.ts): a side effect each visit must have.
  if (url.includes('ref=')) return null;
  const headers = incoming.headers;
  for (const name of PERSONAL_HEADERS) if (headers[name] !== undefined) return null;
  return `${url}\n${headers.host ?? ''}\n${headers['accept-encoding'] ?? ''}\n${headers['if-none-match'] ?? ''}\n${headers.range ?? ''}`;
}

const cut = (value: string, nonce: string | undefined): Pieces => (nonce ? value.split(nonce) : [value]);

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last deflate block: empty, fixed Huffman codes, marked final. */
const FINAL_BLOCK = Buffer.from([3, 0]);

/**
 * A gzip stream of `pieces` joined by `nonce`, without compressing anything per request: each
 * piece was deflated once and sync-flushed (it ends on a byte boundary, blocks not final), the
 * nonce goes between them as a stored block, then a final empty block and the trailer (CRC-32 and
 * length of the whole text). Any gzip reader decodes it as the joined text.
 */
function gzipPieces(pieces: Pieces, deflated: Buffer[], nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(nonceBytes.length, 1);
  stored.writeUInt16LE(~nonceBytes.length & 0xffff, 3);
  const parts: Buffer[] = [GZIP_HEADER];
  deflated.forEach((part, index) => {
    if (index > 0) parts.push(stored, nonceBytes);
    parts.push(part);
  });
  const text = pieces.length === 1 ? pieces[0]! : pieces.join(nonce);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(text), 0);
  trailer.writeUInt32LE(Buffer.byteLength(text) >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}

/**
 * The listen path without the middleware chain (docs/decisions/0031-listen-path-cache.md).
 *
 * `remember` runs outermost in the app: when a route marked its answer replayable and the whole
 * chain (request id, metrics, security and frame headers, CORS, compression) has run, it keeps
 * the answer exactly as it leaves, keyed by `keyOf`. `serve` runs before the app on Node's
 * request: a request with a kept key is answered from it while the public page it was made from
 * is still the cache's current one (same object: not cleared by a write or a job, not reloaded,
 * within the TTL, not expired), with a new request id and, where the answer carried one, a new
 * CSP nonce; it is counted in the metrics and logged like any other. Anything else goes to the
 * app. Only answers whose headers were made by the chain are replayed, so both paths send the
 * same headers (answer-replay.test.ts compares them).
 */
export function createAnswerReplay(options: {
  cache: { peek(id: string): object | undefined; readonly generation: number };
  metrics: Metrics;
  logger: Logger;
  trustProxy: boolean;
  maxAnswers?: number;
  /**
   * The per-request bodies of computed answers, as the route would send them (JSON text). A
   * computation that fails leaves the request to the app, which answers as it always does.
   */
  computed?: Partial<Record<ComputedAnswer, (recordingId: string, incoming: IncomingMessage) => Promise<string>>>;
  /** Bytes of files held in memory, all answers together; a file larger than `maxFileBytes` is never held. */
  maxHeldBytes?: number;
  maxFileBytes?: number;
}) {
  const maxAnswers = options.maxAnswers ?? 2000;
  const maxHeldBytes = options.maxHeldBytes ?? 32 * 1024 * 1024;
  const maxFileBytes = options.maxFileBytes ?? 1024 * 1024;
  const answers = new Map<string, Remembered>();
  let replayed = 0;
  /** Bytes of the files whose answers hold them in memory. */
  let heldBytes = 0;

  function forget(key: string) {
    const answer = answers.get(key);
    if (answer?.body?.kind === 'bytes' && answer.body.fromFile) heldBytes -= answer.body.bytes.byteLength;
    answers.delete(key);
  }

  /**
   * A file answered again is held in memory from then on, while there is room: ids never change
   * content (an edit makes a new URL), and a message shared widely is the same few files asked
   * for thousands of times. The bytes are the ones just streamed, collected on the way out.
   */
  function holdWhileSending(key: string, answer: Remembered, stream: ReadStream) {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk) => {
      size += chunk.length;
      if (size <= maxFileBytes) chunks.push(chunk as Buffer);
    });
    stream.once('end', () => {
      if (size > maxFileBytes || heldBytes + size > maxHeldBytes || answers.get(key) !== answer) return;
      answer.body = { kind: 'bytes', bytes: Buffer.concat(chunks, size), fromFile: true };
      heldBytes += size;
    });
  }

  const remember: MiddlewareHandler<AppEnv> = async (context, next) => {
    const incoming = context.env?.incoming;
    const generation = options.cache.generation;
    await next();
    const replayable = context.get('replayable');
    if (!replayable || !incoming) return;
    const key = keyOf(incoming);
    const page = options.cache.peek(replayable.recordingId);
    // Something was cleared while this request ran: what it made may be from before the change.
    if (key === null || !page || options.cache.generation !== generation) return;
    const response = context.res;
    if (response.status !== 200 && response.status !== 206 && response.status !== 304) return;
    const encoding = response.headers.get('content-encoding') ?? undefined;
    // Text the compress middleware gzipped on the way out is gzipped again on replay (gzipPieces);
    // any other change of encoding is not the body the route handed over.
    const gzippedText = encoding === 'gzip' && replayable.encoding === undefined && typeof replayable.body === 'string';
    if ((encoding !== replayable.encoding && !gzippedText) || response.headers.has('set-cookie')) return;
    const nonce = context.get('cspNonce');
    const headers: Remembered['headers'] = [];
    for (const [name, value] of response.headers) headers.push([name, name === 'x-request-id' ? [] : cut(value, nonce)]);
    let body: Remembered['body'] = null;
    if (replayable.computedBy) {
      if (!options.computed?.[replayable.computedBy] || encoding !== undefined) return;
      body = { kind: 'computed', by: replayable.computedBy };
    } else if (response.status !== 304) {
      const sent = replayable.body;
      if (typeof sent === 'string' && gzippedText) {
        const pieces = cut(sent, nonce);
        body = { kind: 'gzip', pieces, deflated: pieces.map((piece) => deflateRawSync(piece, { finishFlush: constants.Z_SYNC_FLUSH })) };
      } else if (typeof sent === 'string') body = { kind: 'text', pieces: cut(sent, nonce) };
      else if (sent instanceof Uint8Array) body = { kind: 'bytes', bytes: sent };
      else if (sent instanceof ReadStream && typeof sent.path === 'string') {
        // The range it was opened with (Node keeps it on the stream; its types do not say so).
        const { start, end } = sent as ReadStream & { start?: number; end?: number };
        body = { kind: 'file', path: sent.path, start: start ?? 0, end: end ?? Infinity };
      } else return;
    }
    if (answers.size >= maxAnswers && !answers.has(key)) forget(answers.keys().next().value!);
    const labels = { method: 'GET', route: routePatternOf(context), status: `${Math.floor(response.status / 100)}xx` };
    forget(key);
    answers.set(key, {
      recordingId: replayable.recordingId,
      page,
      status: response.status,
      headers,
      body,
      labels,
      logLine: `GET ${labels.route} ${response.status}`,
    });
  };

  function headersOf(answer: Remembered, requestId: string, nonce: string): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, pieces] of answer.headers) {
      headers[name] = name === 'x-request-id' ? requestId : pieces.length === 1 ? pieces[0] : pieces.join(nonce);
    }
    // What @hono/node-server adds to an answer without a type (a 304), so both paths send it.
    headers['content-type'] ??= 'text/plain; charset=UTF-8';
    return headers;
  }

  function finished(answer: Remembered, started: number, requestId: string) {
    const seconds = (performance.now() - started) / 1000;
    options.metrics.httpRequests.inc(answer.labels);
    options.metrics.httpDuration.observe(answer.labels, seconds);
    options.logger.debug(answer.logLine, { requestId, ms: Math.round(seconds * 1000) });
  }

  /** Answers `incoming` from a kept answer and says true, or says false and leaves it to the app. */
  function serve(
    incoming: IncomingMessage,
    outgoing: ServerResponse,
    app: (incoming: IncomingMessage, outgoing: ServerResponse) => void,
  ): boolean {
    const key = answers.size === 0 ? null : keyOf(incoming);
    const answer = key === null ? undefined : answers.get(key);
    if (!answer) return false;
    if (options.cache.peek(answer.recordingId) !== answer.page) {
      forget(key!);
      return false;
    }
    const started = performance.now();
    const requestId = chooseRequestId(incoming.headers['x-request-id'] as string | undefined, options.trustProxy);
    const nonce = nextNonce();
    const headers = headersOf(answer, requestId, nonce);
    const body = answer.body;
    if (body?.kind === 'computed') {
      options.computed![body.by]!(answer.recordingId, incoming).then(
        (text) => {
          replayed++;
          headers['content-length'] = Buffer.byteLength(text);
          outgoing.writeHead(answer.status, headers);
          outgoing.end(text);
          finished(answer, started, requestId);
        },
        () => {
          // Gone, expired or failing since: the app says so, as it would have.
          forget(key!);
          app(incoming, outgoing);
        },
      );
      return true;
    }
    replayed++;
    if (body === null) {
      outgoing.writeHead(answer.status, headers);
      outgoing.end();
    } else if (body.kind === 'text') {
      const text = body.pieces.length === 1 ? body.pieces[0]! : body.pieces.join(nonce);
      headers['content-length'] ??= Buffer.byteLength(text);
      outgoing.writeHead(answer.status, headers);
      outgoing.end(text);
    } else if (body.kind === 'gzip') {
      const bytes = gzipPieces(body.pieces, body.deflated, nonce);
      headers['content-length'] = bytes.byteLength;
      outgoing.writeHead(answer.status, headers);
      outgoing.end(bytes);
    } else if (body.kind === 'bytes') {
      headers['content-length'] ??= body.bytes.byteLength;
      outgoing.writeHead(answer.status, headers);
      outgoing.end(body.bytes);
    } else {
      // Straight from the file to the socket, a chunk at a time; headers go once the file is open,
      // so a file gone since (a deletion racing the cache) is still answered by the app.
      const stream = createReadStream(body.path, { start: body.start, end: body.end });
      stream.once('error', (error) => {
        if (!outgoing.headersSent) {
          forget(key!);
          app(incoming, outgoing);
        } else outgoing.destroy(error);
      });
      stream.once('ready', () => {
        outgoing.writeHead(answer.status, headers);
        holdWhileSending(key!, answer, stream);
        stream.pipe(outgoing);
      });
      outgoing.once('close', () => stream.destroy());
      outgoing.once('finish', () => finished(answer, started, requestId));
      return true;
    }
    finished(answer, started, requestId);
    return true;
  }

  return {
    remember,
    /** Node's request listener: kept answers first, then `app`. */
    listener(app: (incoming: IncomingMessage, outgoing: ServerResponse) => void) {
      return (incoming: IncomingMessage, outgoing: ServerResponse) => {
        if (!serve(incoming, outgoing, app)) app(incoming, outgoing);
      };
    },
    /** How many requests were answered from kept answers (tests). */
    get replayed() {
      return replayed;
    },
    get size() {
      return answers.size;
    },
    /** Bytes of files held in memory (tests). */
    get heldBytes() {
      return heldBytes;
    },
  };
}

export type AnswerReplay = ReturnType<typeof createAnswerReplay>;
