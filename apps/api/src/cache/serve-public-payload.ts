import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { matchesEtag, publicPayloadCacheControl } from './http-caching.ts';

/** A serialised body; `gzip` is filled the first time a client accepts it, and kept with the body. */
export type PublicJsonBody = { json: string; etag: string; gzip?: Uint8Array };

/** Whether the client takes gzip (not refused with q=0). */
const acceptsGzip = (header: string | undefined) => !!header && /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\b)/i.test(header);

/**
 * Answers a JSON body already serialised, with its ETag: 304 with no body when the client (or
 * a CDN revalidating) holds this version. Sent as the cached string, never serialised again,
 * and compressed once per version rather than once per request: the compress middleware
 * leaves a body that already has a Content-Encoding alone. The gzip form's ETag is weak, as the
 * middleware would make it, so either form revalidates against the other.
 */
export function servePublicJson(
  context: Context<AppEnv>,
  body: PublicJsonBody,
  options: { cacheSeconds: number; headers?: Record<string, string>; recordingId?: string },
): Response {
  // Made from the message's cached public page and the URL only: the same request may be answered again from it.
  const replayable = (sent: string | Uint8Array, encoding?: string) => {
    if (options.recordingId) context.set('replayable', { recordingId: options.recordingId, body: sent, encoding });
  };
  const gzip = acceptsGzip(context.req.header('accept-encoding'));
  const headers: Record<string, string> = {
    etag: gzip ? `W/${body.etag}` : body.etag,
    'cache-control': publicPayloadCacheControl(options.cacheSeconds),
    vary: 'Accept-Encoding',
    ...options.headers,
  };
  if (matchesEtag(context.req.header('if-none-match'), body.etag)) {
    replayable('', gzip ? 'gzip' : undefined);
    return context.body(null, 304, headers);
  }
  if (!gzip) {
    replayable(body.json);
    return context.body(body.json, 200, { 'content-type': 'application/json', ...headers });
  }
  body.gzip ??= gzipSync(body.json);
  replayable(body.gzip, 'gzip');
  return context.body(body.gzip as Uint8Array<ArrayBuffer>, 200, {
    'content-type': 'application/json',
    'content-encoding': 'gzip',
    ...headers,
  });
}
