import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, posix, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';

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
 * leave `root`). Hashed assets are cached for a year; everything else revalidates.
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
  return context.body(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, 200, {
    ...headers,
    'content-length': String(info.size),
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
