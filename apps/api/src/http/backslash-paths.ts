import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { badRequest } from './http-error.ts';

const HAD_BACKSLASH = Symbol('had a backslash in its path');
type Marked = IncomingMessage & { [HAD_BACKSLASH]?: true };

/**
 * @hono/node-server refuses a backslash in a request's path (browsers read it as a slash, so
 * `/\evil.example` could become another origin) with an empty text/plain 400 of its own, before
 * the app runs: no `{msg}`, no request id, no security headers (issue 23, finding 18). The path is
 * escaped here so the adapter lets it through, and the request is marked for the app to refuse.
 */
export function escapeBackslashPaths(
  listener: (incoming: IncomingMessage, outgoing: ServerResponse) => void,
): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  return (incoming, outgoing) => {
    const url = incoming.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (path.includes('\\')) {
      incoming.url = path.replaceAll('\\', '%5C') + (query === -1 ? '' : url.slice(query));
      (incoming as Marked)[HAD_BACKSLASH] = true;
    }
    listener(incoming, outgoing);
  };
}

/** The app's refusal of a path marked above: 400 {msg} through the one error path. */
export function refuseBackslashPaths(): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    if ((context.env?.incoming as Marked | undefined)?.[HAD_BACKSLASH]) {
      throw badRequest('A path may not contain a backslash (\\)');
    }
    return next();
  };
}
