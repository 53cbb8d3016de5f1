import type { MiddlewareHandler } from 'hono';

/**
 * JSON answers carry their length. Hono's compress() skips bodies under its threshold only when
 * it knows their length, which `context.json` does not set: every answer, a 60-byte listen count
 * included, went through a gzip stream, costing more than the route. Registered after
 * compress(), so it runs first on the way out.
 */
export function jsonLength(): MiddlewareHandler {
  return async (context, next) => {
    await next();
    const response = context.res;
    const headers = response.headers;
    // Already sized or encoded by its route (the public payload comes gzipped from its cache).
    if (
      !response.body ||
      headers.has('content-length') ||
      headers.has('content-encoding') ||
      !headers.get('content-type')?.startsWith('application/json')
    ) {
      return;
    }
    const text = await response.text();
    const sized = new Headers(headers);
    sized.set('content-length', String(Buffer.byteLength(text)));
    context.res = undefined;
    context.res = new Response(text, { status: response.status, statusText: response.statusText, headers: sized });
  };
}
