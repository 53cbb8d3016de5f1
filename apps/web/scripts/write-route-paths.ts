/**
 * Run by `pnpm build` after Vite: writes the route table's paths beside the build, where the
 * server reads them to answer HTTP 404 for unknown paths (a list derived, never kept by hand).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WEB_ROUTE_PATHS_FILE } from '@vocal/settings-model';
import { routePaths } from '../src/routes/route-paths.ts';

const dist = process.env.VOCAL_WEB_DIST ?? join(import.meta.dirname, '..', 'dist');
await writeFile(join(dist, WEB_ROUTE_PATHS_FILE), `${JSON.stringify(routePaths())}\n`);
