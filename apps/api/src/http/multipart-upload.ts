import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { badRequest, HttpError, payloadTooLarge } from './http-error.ts';

export type UploadLimits = {
  /** The whole body, parts that are read past included. */
  totalBytes: number;
  recordingBytes: number;
  imageBytes: number;
  contextBytes: number;
};

/** upload-vocal's multipart body, received: the recording on disk, the small parts in memory. */
export type ReceivedUpload = {
  /** The temporary file and its size; null when the body had no recording part. */
  recording: { path: string; bytes: number } | null;
  image: Uint8Array | null;
  contextText: string | undefined;
  /** Removes the temporary file. */
  dispose(): Promise<void>;
};

export type ReceiveOptions = {
  /** Where the recording is written while it arrives (under DATA_DIR, so on the same disk). */
  folder: string;
  limits: UploadLimits;
  /**
   * Sees each chunk of the recording as it arrives; when it throws (an HttpError), the upload
   * is refused at once and the rest of the body is not read.
   */
  inspectRecording?: (chunk: Uint8Array) => void;
  /** Node's request behind `request`, when a Node server received it (@hono/node-server's `env.incoming`). */
  incoming?: IncomingMessage;
};

/**
 * The body as a Node stream: Node's own request when the server has one and nothing has read
 * from it yet, else the web Request's body. Node 20's web-stream adapter copies every chunk
 * of the socket into a new buffer and queues them, which for tens of concurrent uploads was
 * most of the memory an upload burst took (BENCHMARKS.md, "api uploads").
 */
function bodyStream(request: Request, incoming: IncomingMessage | undefined): Readable | null {
  if (incoming && incoming.readableFlowing === null && incoming.listenerCount('data') === 0) return incoming;
  return request.body ? Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>) : null;
}

const megabytes = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)} MB`;
const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? megabytes(bytes) : `${Math.floor(bytes / 1024)} KB`);

/**
 * Streams a multipart body (fields recording, image, context) with busboy: the recording
 * goes to a temporary file, counted against its limit as it comes, so neither the size nor
 * the number of uploads makes memory grow. Over a limit, reading stops at once with 413. On
 * any refusal the temporary file is removed before the promise settles.
 */
export async function receiveUpload(request: Request, options: ReceiveOptions): Promise<ReceivedUpload> {
  const { limits, incoming } = options;
  const body = bodyStream(request, incoming);
  if (!body) throw badRequest('The body must be multipart/form-data with fields recording, image and context');
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      limits: {
        files: 3,
        fields: 3,
        parts: 6,
        fieldSize: limits.contextBytes,
        fileSize: Math.max(limits.recordingBytes, limits.imageBytes) + 1,
      },
    });
  } catch {
    throw badRequest('The body must be multipart/form-data with fields recording, image and context');
  }
  await mkdir(options.folder, { recursive: true });
  const path = join(options.folder, `${randomBytes(12).toString('hex')}.upload`);

  let output: WriteStream | null = null;
  let written: Promise<void> = Promise.resolve();
  const dispose = async () => {
    output?.destroy();
    await written.catch(() => undefined);
    await rm(path, { force: true });
  };

  return new Promise<ReceivedUpload>((resolve, reject) => {
    let failed = false;
    let recordingBytes: number | null = null;
    let image: Uint8Array | null = null;
    let contextText: string | undefined;
    const seen = new Set<string>();

    let bodyBytes = 0;
    const countBody = (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (bodyBytes > limits.totalBytes) fail(payloadTooLarge(`The request body is larger than ${megabytes(limits.totalBytes)}`));
    };

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      body.unpipe(parser);
      body.off('data', countBody);
      // Node's own request is left paused, not destroyed: that would close the socket before
      // the refusal is written. The answer then closes the connection (`connection: close`) after
      // draining what the client still sends (lingering-close.ts).
      if (body === incoming) body.pause();
      else body.destroy();
      const refusal = error instanceof HttpError ? error : badRequest('The multipart body could not be read');
      void dispose().then(() => reject(refusal), reject);
    };

    /** A small part, kept in memory up to `maxBytes`. */
    const collect = (stream: Readable, maxBytes: number, tooLarge: string, done: (bytes: Uint8Array) => void) => {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) fail(payloadTooLarge(tooLarge));
        else chunks.push(chunk);
      });
      stream.on('end', () => done(new Uint8Array(Buffer.concat(chunks))));
    };

    parser.on('file', (name, stream) => {
      stream.on('error', fail);
      // Only the first of each part counts; repeats are read past, never kept.
      if (failed || seen.has(name)) {
        stream.resume();
        return;
      }
      seen.add(name);
      if (name === 'recording') {
        let size = 0;
        const file = createWriteStream(path);
        output = file;
        written = new Promise<void>((done, broke) => {
          file.on('close', done);
          file.on('error', broke);
        });
        written.catch(fail);
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.recordingBytes) {
            fail(payloadTooLarge(`recording: the file is larger than ${megabytes(limits.recordingBytes)}`));
            return;
          }
          try {
            options.inspectRecording?.(chunk);
          } catch (error) {
            fail(error);
          }
        });
        stream.on('end', () => {
          recordingBytes = size;
        });
        stream.pipe(file);
      } else if (name === 'image') {
        collect(stream, limits.imageBytes, `image: the file is larger than ${megabytes(limits.imageBytes)}`, (bytes) => {
          image = bytes;
        });
      } else if (name === 'context') {
        collect(stream, limits.contextBytes, `context: is larger than ${sizeOf(limits.contextBytes)}`, (bytes) => {
          contextText = Buffer.from(bytes).toString('utf8');
        });
      } else {
        stream.resume();
      }
    });
    parser.on('field', (name, value, info) => {
      if (name !== 'context' || seen.has(name)) return;
      seen.add(name);
      if (info.valueTruncated) fail(payloadTooLarge(`context: is larger than ${sizeOf(limits.contextBytes)}`));
      contextText = value;
    });
    for (const event of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      parser.on(event, () => fail(badRequest('The multipart body has more parts than recording, image and context')));
    }
    parser.on('error', fail);
    body.on('error', fail);
    body.on('data', countBody);
    parser.on('close', () => {
      if (failed) return;
      written.then(() => {
        if (failed) return;
        resolve({
          recording: recordingBytes === null ? null : { path, bytes: recordingBytes },
          image,
          contextText,
          dispose,
        });
      }, fail);
    });
    body.pipe(parser);
  });
}
