import type { Context } from 'hono';

/**
 * Sets a header on the answer a handler already made. Hono's `context.header()` does the same
 * by copying the response (`new Response(res.body, res)`), which turns @hono/node-server's
 * lightweight response (a string or bytes written at once with their length) into a stream
 * written chunk by chunk: done by each middleware on every request, that copy cost more than
 * the listen path's whole answer (docs/decisions/0031-listen-path-cache.md). The headers of a
 * response we made are mutable; one whose headers are not (a fetched or redirect response)
 * falls back to Hono's copy.
 */
export function setResponseHeader(context: Context, name: string, value: string, options: { append?: boolean } = {}): void {
  if (!context.finalized) {
    context.header(name, value, options);
    return;
  }
  try {
    if (options.append) context.res.headers.append(name, value);
    else context.res.headers.set(name, value);
  } catch {
    context.header(name, value, options);
  }
}
