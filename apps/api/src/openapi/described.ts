import type { MiddlewareHandler } from 'hono';
import { handlerAsWritten } from '../http/handler-as-written.ts';
import type { RouteDescription } from './route-description.ts';

/** Where a route's description rides on its middleware. */
const DESCRIPTION = Symbol('the route’s OpenAPI description');

/** One route's description, or, for a handler registered under several methods (`.on([...])`), one for each. */
export type Descriptions = RouteDescription | Partial<Record<string, RouteDescription>>;

type Described = MiddlewareHandler & { [DESCRIPTION]: Descriptions };

/**
 * A route's description, given where the route is defined: `.get('/invite', described({...}),
 * signedIn, handler)`. It does nothing when a request comes; the OpenAPI document finds it in
 * the app's route table, under the route's full path (routeDescriptionsOf), so the path is
 * spelled once, in the route itself.
 */
export function described(description: Descriptions): MiddlewareHandler {
  const middleware: MiddlewareHandler = (_context, next) => next();
  return Object.assign(middleware, { [DESCRIPTION]: description }) satisfies Described;
}

const descriptionOf = (handler: unknown): Descriptions | null => {
  const written = handlerAsWritten(handler);
  return typeof written === 'function' && DESCRIPTION in written ? (written as Described)[DESCRIPTION] : null;
};

/** The descriptions given with `described` in an app's route table, by `METHOD path` as Hono names the route. */
export function routeDescriptionsOf(
  routes: readonly { method: string; path: string; handler: unknown }[],
): Record<string, RouteDescription> {
  const descriptions: Record<string, RouteDescription> = {};
  for (const route of routes) {
    const given = descriptionOf(route.handler);
    if (!given) continue;
    const description = 'tag' in given ? (given as RouteDescription) : (given as Partial<Record<string, RouteDescription>>)[route.method];
    if (!description) throw new Error(`${route.method} ${route.path} has descriptions for other methods only`);
    const key = `${route.method} ${route.path}`;
    if (key in descriptions) throw new Error(`${key} is described twice`);
    descriptions[key] = description;
  }
  return descriptions;
}
