import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WEB_ROUTE_PATHS_FILE, webRoutePathsSchema } from '@vocal/settings-model';

/** One route pattern as the web app's router (wouter) reads it: `:name` is one segment, a trailing slash is allowed, case is not. */
function patternRegex(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

/**
 * Whether a path is one of the web app's pages, from the route table its build wrote beside
 * it (`route-paths.json`). A build without that file (an older one, a stand-in) knows no
 * list, and every path is the app's, as before. Read once, when first asked.
 */
export function knownWebPaths(webDist: string): (path: string) => Promise<boolean> {
  let patterns: Promise<RegExp[] | null> | null = null;
  const load = async () => {
    const file = join(webDist, WEB_ROUTE_PATHS_FILE);
    if (!existsSync(file)) return null;
    return webRoutePathsSchema.parse(JSON.parse(await readFile(file, 'utf8'))).paths.map(patternRegex);
  };
  return async (path) => {
    patterns ??= load();
    const loaded = await patterns;
    return loaded === null || loaded.some((pattern) => pattern.test(path));
  };
}
