import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, posix, sep } from 'node:path';
import type { Context } from 'hono';
import { matchesEtag } from '../cache/http-caching.ts';
import { chooseEncoding, storedFile } from './stored-files.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.zip': 'application/zip',
};

/**
 * The request path decoded and normalised ("/assets/%2e%2e/index.html" is "/index.html"), or
 * null when its escapes are broken. Decisions about a path (is it a hashed asset? a host app's
 * file?) are made on this form, the one the file system will see.
 */
export function decodedPath(context: Context): string | null {
  try {
    return posix.normalize(decodeURIComponent(context.req.path));
  } catch {
    return null;
  }
}

/**
 * A file under `root` for `relativePath`, or null when there is none (or the path tries to
 * leave `root`). Hashed assets are cached for a year; everything else revalidates, and an ETag
 * makes that a 304. Sent from memory, compressed as the client accepts (stored-files.ts).
 * `transform` rewrites text files (manifests that name the public URL).
 */
export async function serveFile(
  context: Context,
  root: string,
  relativePath: string,
  options: { immutable?: boolean; transform?: (text: string) => string } = {},
): Promise<Response | null> {
  const base = normalize(root + sep);
  const file = normalize(join(base, relativePath));
  if (!file.startsWith(base) || !extname(file)) return null;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  const headers = {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': options.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
  };
  if (options.transform) {
    return context.body(options.transform(await readFile(file, 'utf8')), 200, headers);
  }
  const stored = await storedFile(file, info);
  const cacheHeaders = {
    ...headers,
    etag: stored.etag,
    ...(Object.keys(stored.encoded).length > 0 ? { vary: 'Accept-Encoding' } : {}),
  };
  if (matchesEtag(context.req.header('if-none-match'), stored.etag)) return context.body(null, 304, cacheHeaders);
  const encoding = chooseEncoding(context.req.header('accept-encoding'), stored);
  const body = encoding ? stored.encoded[encoding]! : stored.bytes;
  return context.body(body, 200, {
    ...cacheHeaders,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    'content-length': String(body.byteLength),
  });
}

/** A built page of the web app, read once it exists (the server may start before the build). */
export function readBuiltPageOnce(path: string): () => Promise<string | null> {
  let page: string | null = null;
  return async () => {
    if (page === null && existsSync(path)) page = await readFile(path, 'utf8');
    return page;
  };
}
