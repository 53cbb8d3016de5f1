import { z } from 'zod';

/**
 * The web app's route patterns (its route table's paths, wouter patterns: `/a/:id`), written
 * beside its build under this name, so the server that serves the app answers 404 for any
 * other path while the app still draws its 404 page.
 */
export const WEB_ROUTE_PATHS_FILE = 'route-paths.json';

export const webRoutePathsSchema = z.object({ paths: z.array(z.string().regex(/^\/[^?#*]*$/)).min(1) });
export type WebRoutePaths = z.infer<typeof webRoutePathsSchema>;
