import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/app-env.ts';
import { FILE_CACHE_CONTROL, matchesEtag } from '../cache/http-caching.ts';
import type { AudioService } from '../recordings/audio-service.ts';
import { RECORDING_FILE } from '../recordings/recording-file-keys.ts';
import type { ByteRange, Storage } from '../storage/storage.ts';
import { described } from '../openapi/described.ts';
import type { SignedFiles } from '../listening/signed-files.ts';
import { TAGS } from '../openapi/route-description.ts';

/** A signed address's parts (a password-protected message's files; decision 0074). */
const SIGNED_FILE_QUERY = z.object({
  expires: z.string().optional().describe('Seconds since the epoch until which the signature is good'),
  signature: z.string().optional().describe("The server's signature of the key and expires"),
});

const KEY = /^(?:images\/)?[A-Za-z0-9_-]+\.(?:mp3|webm|m4a|png|jpg|webp|gif)$/;

/** Parses a single `bytes=a-b` range; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/**
 * Files of the local storage at stable public URLs (`/files/{id}.mp3`, `/files/{id}.png`),
 * with range requests so players can seek and Safari can play at all.
 */
export function fileRoutes(
  storage: Storage,
  audio: Pick<AudioService, 'fileRefusal'>,
  signedFiles: Pick<SignedFiles, 'validFileSignature'>,
) {
  return new Hono<AppEnv>().on(
    ['GET', 'HEAD'],
    '/files/*',
    described({
      GET: {
        tag: TAGS.pages,
        summary: 'A stored file: a recording (id.mp3), its waveform (id.png), a picture (images/...)',
        description:
          "Honours Range (one range) for audio players. A password-protected message's files answer 404 here unless asked for at the signed address (expires, signature) its unlocked payload names.",
        access: 'public',
        pathParameters: { path: 'The storage key, slashes included.' },
        query: SIGNED_FILE_QUERY,
        answers: {
          200: { description: 'The file', media: 'application/octet-stream' },
          206: { description: 'The requested range', media: 'application/octet-stream' },
          304: { description: 'Not modified (If-None-Match matched its ETag)' },
        },
        refusals: { 404: 'File not found', 410: 'The voice message has expired', 416: "The range is not within the file's bytes" },
      },
      HEAD: {
        tag: TAGS.pages,
        summary: "A stored file's headers (size, type)",
        access: 'public',
        pathParameters: { path: 'The storage key, slashes included.' },
        query: SIGNED_FILE_QUERY,
        answers: {
          200: { description: 'The headers of the file' },
          206: { description: 'The headers of the range' },
          304: { description: 'Not modified' },
        },
        refusals: { 404: 'File not found', 410: 'The voice message has expired', 416: "The range is not within the file's bytes" },
      },
    }),
    async (context) => {
      const key = context.req.path.slice('/files/'.length);
      if (!KEY.test(key)) return context.json({ msg: 'File not found' }, 404);
      // A password-protected message's files: only at the signed address its unlocked payload names.
      const signed = await signedFiles.validFileSignature(key, context.req.query('expires'), context.req.query('signature'));
      const refusal = await audio.fileRefusal(key, signed);
      if (refusal) throw refusal;
      const head = await storage.stat(key);
      if (!head) return context.json({ msg: 'File not found' }, 404);

      const headers: Record<string, string> = {
        'content-type': head.contentType,
        'accept-ranges': 'bytes',
        etag: head.etag,
        'last-modified': head.lastModified.toUTCString(),
        // A signed address is one listener's, for an hour: no shared cache keeps it.
        'cache-control': signed ? 'private, max-age=3600' : FILE_CACHE_CONTROL,
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
      };
      if (matchesEtag(context.req.header('if-none-match'), head.etag)) return context.body(null, 304, headers);

      const range = parseRange(context.req.header('range'), head.size);
      if (range === 'invalid') {
        return context.json({ msg: `The range is not within the file's ${head.size} bytes` }, 416, {
          'content-range': `bytes */${head.size}`,
        });
      }
      const status = range ? 206 : 200;
      const length = range ? range.end - range.start + 1 : head.size;
      headers['content-length'] = String(length);
      if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${head.size}`;
      if (context.req.method === 'HEAD') return context.body(null, status, headers);

      const stream = await storage.read(key, range ?? undefined);
      if (!stream) return context.json({ msg: 'File not found' }, 404);
      // A recording's file is served while its public page is; the same request may be answered
      // again straight from the file while that page stays cached (src/cache/answer-replay.ts).
      const recordingId = RECORDING_FILE.exec(key)?.[1];
      if (recordingId && !signed) context.set('replayable', { recordingId, body: stream });
      const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
      return context.body(body, status, headers);
    },
  );
}
