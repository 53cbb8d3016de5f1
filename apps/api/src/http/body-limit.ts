import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** What any JSON route reads at most. */
export const JSON_BODY_LIMIT = 256 * 1024;
/** POST /api/image: the picture (5 MB) and its multipart envelope. */
export const PICTURE_BYTES_LIMIT = 5 * 1024 * 1024;
/** Stripe's events are small; this leaves room for a subscription with many items. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * The routes whose bodies may be larger than a JSON body. upload-vocal is absent: it streams
 * its body to disk and counts it against MAX_UPLOAD_MB itself (multipart-upload.ts).
 */
const LIMITS_BY_ROUTE: Record<string, number> = {
  'POST /api/image': PICTURE_BYTES_LIMIT + 64 * 1024,
  'POST /api/stripe/webhook': WEBHOOK_BODY_LIMIT,
};
const STREAMED_ROUTES = new Set(['POST /api/upload-vocal']);

/** The most a request to `method path` may send, or null when its route counts its own body. */
export function bodyLimitFor(method: string, path: string): number | null {
  const key = `${method} ${path}`;
  if (STREAMED_ROUTES.has(key)) return null;
  // A tus PATCH is bounded by its upload's own length and checked frame by frame as it arrives (src/uploads/).
  if (method === 'PATCH' && path.startsWith('/api/uploads/')) return null;
  return LIMITS_BY_ROUTE[key] ?? JSON_BODY_LIMIT;
}

/**
 * Every request's body is bounded before anything else reads it: before the token is checked
 * or an id is looked up, a body over its route's limit is 413 {msg}, from its declared
 * Content-Length at once, or while it streams when it declares none (issue 23, finding 1: a
 * route without a limit read 600 MB into one string). What the client still sends after the
 * refusal is drained for a bounded time and size (lingering-close.ts), so it reads the answer.
 */
export function boundedBodies(): MiddlewareHandler {
  const limiters = new Map<number, MiddlewareHandler>();
  const limiterOf = (maxBytes: number) => {
    let limiter = limiters.get(maxBytes);
    if (!limiter) {
      limiter = bodyLimit({
        maxSize: maxBytes,
        // The rest of the body is unwanted: the connection closes once it is drained (lingering-close.ts).
        onError: (context) =>
          context.json({ msg: `The request body is larger than ${formatBytes(maxBytes)}` }, 413, { connection: 'close' }),
      });
      limiters.set(maxBytes, limiter);
    }
    return limiter;
  };
  return async (context, next) => {
    const maxBytes = bodyLimitFor(context.req.method, context.req.path);
    if (maxBytes === null) return next();
    return limiterOf(maxBytes)(context, next);
  };
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
