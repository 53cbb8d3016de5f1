import type { WebRoutePaths } from '@vocal/settings-model';
import { ROUTES, type RouteDefinition } from './route-table.ts';

/** Every path pattern of the route table, once each: what the server may answer 200 for. */
export function routePaths(routes: RouteDefinition[] = ROUTES): WebRoutePaths {
  return { paths: [...new Set(routes.flatMap((route) => route.paths))].sort() };
}
