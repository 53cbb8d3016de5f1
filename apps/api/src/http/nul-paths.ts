import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { badRequest } from './http-error.ts';

/**
 * A path segment decodes to what routes then hand to the database as an id, and PostgreSQL (and
 * PGlite) cannot hold U+0000 in text: `/listen/%00` reached the query and came back as a 500.
 * Query strings and bodies are cleaned field by field (text-safety.ts); a path has no field to
 * name, so an encoded NUL anywhere in it is refused once, here, before any route runs.
 */
export function refuseNulPaths(): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    const url = context.req.url;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (/%00/i.test(path) || path.includes('\u0000')) {
      throw badRequest('A path may not contain a NUL character (%00)');
    }
    return next();
  };
}
