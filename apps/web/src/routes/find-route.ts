import { matchRoute, type Parser } from 'wouter';
import { ROUTES, type RouteDefinition } from './route-table.ts';

export type RouteMatch =
  | { kind: 'page'; route: RouteDefinition; params: Record<string, string | undefined> }
  /** A known path whose parameters fail validation: 404 "Page Not Found" (spec section 5). */
  | { kind: 'invalid-params'; route: RouteDefinition }
  /** No route: 404 "Page not found" (spec section 8). */
  | { kind: 'missing' };

/** The first route of the table whose path matches, with its parameters checked. */
export function findRoute(path: string, parser: Parser, routes: RouteDefinition[] = ROUTES): RouteMatch {
  for (const route of routes) {
    for (const pattern of route.paths) {
      const [matched, params] = matchRoute(parser, pattern, path);
      if (!matched) continue;
      const values = Object.fromEntries(Object.entries(params ?? {}).filter(([key]) => !/^\d+$/.test(key))) as Record<
        string,
        string | undefined
      >;
      if (route.params && !route.params.safeParse(values).success) return { kind: 'invalid-params', route };
      return { kind: 'page', route, params: values };
    }
  }
  return { kind: 'missing' };
}
