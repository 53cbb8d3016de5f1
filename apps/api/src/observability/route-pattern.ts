import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/**
 * The route that answered, as registered (`/api/view-vocal/:id`), never the path itself: ids and
 * tokens in paths would make a metric label per message and put secrets into logs. Read after
 * the request was handled: Hono's route index then points at the last handler that ran (a route,
 * or the middleware that answered instead, such as `/*`).
 */
export function routePatternOf(context: Context): string {
  return matchedRoutes(context).at(context.req.routeIndex)?.path ?? 'unmatched';
}
