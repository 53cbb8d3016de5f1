import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { parseAccept } from 'hono/utils/accept';

const gzipped = promisify(gzip);

type Bytes = Uint8Array<ArrayBuffer>;

/** Encodings a stored file may be sent in, the smaller first. */
export type ContentEncoding = 'br' | 'gzip';

/**
 * A file of a build, held in memory with its compressed forms and an ETag. A build's files are
 * few (the web app's is under 200) and do not change while the server runs, so each request was
 * paying for what one could do: a stat, an open, a stream and a gzip of the same bytes. With 50
 * page loads a minute that was a tenth of the server's CPU in the browser suites (decision 0081).
 */
export type StoredFile = {
  bytes: Bytes;
  encoded: Partial<Record<ContentEncoding, Bytes>>;
  etag: string;
};

/** Text worth compressing: the build's scripts, styles, pages, SVG and JSON (not PNG, WOFF2, ZIP). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;

/** Under this, compression saves less than its header costs (the compress middleware's threshold too). */
const COMPRESS_FROM_BYTES = 1024;

const store = new Map<string, { mtimeMs: number; size: number; file: Promise<StoredFile> }>();

/**
 * The file at `path` (already known to exist: `info` is its stat) as stored in memory. Read once
 * per version of the file: a rebuild under a running server changes its mtime or size, and the
 * next request reads the new one. Its Brotli and gzip forms are those the build wrote beside it
 * (`name.br`, `name.gz`: the web app's build compresses once, at the highest settings); a file
 * without them is gzipped here, once, off the event loop.
 */
export function storedFile(path: string, info: Stats): Promise<StoredFile> {
  const known = store.get(path);
  if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known.file;
  const file = readStoredFile(path, info);
  const entry = { mtimeMs: info.mtimeMs, size: info.size, file };
  store.set(path, entry);
  // A failed read is not kept (unless a newer version has taken its place): the next request tries again.
  file.catch(() => {
    if (store.get(path) === entry) store.delete(path);
  });
  return file;
}

async function readStoredFile(path: string, info: Stats): Promise<StoredFile> {
  const bytes = new Uint8Array(await readFile(path));
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
  const encoded: StoredFile['encoded'] = {};
  if (COMPRESSIBLE.test(path) && bytes.byteLength >= COMPRESS_FROM_BYTES) {
    const [br, gz] = await Promise.all([precompressed(`${path}.br`, info), precompressed(`${path}.gz`, info)]);
    if (br) encoded.br = br;
    encoded.gzip = gz ?? new Uint8Array(await gzipped(bytes));
  }
  return { bytes, encoded, etag };
}

/** A compressed copy the build wrote beside the file, unless it is older than the file (a stale build). */
async function precompressed(path: string, original: Stats): Promise<Bytes | null> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile() || info.mtimeMs < original.mtimeMs) return null;
  return new Uint8Array(await readFile(path));
}

/**
 * The encoding to send `file` in for this Accept-Encoding header: of the forms it has, the one
 * the client rates highest, Brotli on a tie (it is the smaller); none when the client takes
 * neither. A q=0 refuses an encoding (RFC 9110, section 12.5.3).
 */
export function chooseEncoding(acceptEncoding: string | undefined, file: StoredFile): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = parseAccept(acceptEncoding);
  const quality = (encoding: string) =>
    accepted.find((entry) => entry.type.toLowerCase() === encoding)?.q ?? accepted.find((entry) => entry.type === '*')?.q ?? 0;
  let best: { encoding: ContentEncoding; q: number } | null = null;
  for (const encoding of ['br', 'gzip'] as const) {
    const q = quality(encoding);
    if (file.encoded[encoding] && q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? null;
}
