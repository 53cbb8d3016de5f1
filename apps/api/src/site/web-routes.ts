import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { knownWebPaths } from './known-web-paths.ts';
import { decodedPath, readBuiltPageOnce, serveFile } from './static-files.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

/** The tab icon of the web build (apps/web/public), which its pages name. */
const FAVICON = '/favicon.svg';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Vocal</title>
<p>The API is running, but the web app has not been built. Run <code>npx -y pnpm@10 start</code> from the repository root.</p>`;

/**
 * The built web app: files as they are, hashed assets cached for a year, and index.html for
 * any other path so the client router can take it (the SPA fallback): with 200 for a path of
 * the app's route table, and 404 for any other, where the app draws its 404 page.
 */
export function webRoutes(webDist: string, options: { serveSourceMaps: boolean }) {
  const loadIndex = readBuiltPageOnce(join(webDist, 'index.html'));
  const isKnownPath = knownWebPaths(webDist);
  const notFound = (context: Context) => context.json({ msg: 'File not found' }, 404, { 'cache-control': 'no-store' });

  return new Hono<AppEnv>().on(
    ['GET', 'HEAD'],
    '*',
    described({
      GET: {
        tag: TAGS.pages,
        summary: "The web app: its files, and index.html for any other page path (the app's own routes)",
        access: 'public',
        pathParameters: { path: 'A file of the web build, or a page of the app, slashes included.' },
        answers: { 200: { description: 'The file, or the app page', media: 'text/html' } },
        refusals: { 400: 'The path is not valid URL encoding', 404: 'A file of the build that does not exist' },
      },
      HEAD: {
        tag: TAGS.pages,
        summary: "A web app file's headers",
        access: 'public',
        pathParameters: { path: 'A file of the web build, or a page of the app, slashes included.' },
        answers: { 200: { description: 'The headers of the file or page' } },
        refusals: { 400: 'The path is not valid URL encoding', 404: 'A file of the build that does not exist' },
      },
    }),
    async (context) => {
      const path = decodedPath(context);
      if (path === null) return context.json({ msg: 'The path is not valid URL encoding' }, 400);
      // Source maps show our source to anyone; a deployment opts in (SERVE_SOURCE_MAPS).
      if (path.endsWith('.map') && !options.serveSourceMaps) return notFound(context);
      const immutable = path.startsWith('/assets/');
      const file = await serveFile(context, webDist, path, { immutable });
      if (file) return file;
      // A missing asset is a 404, not the app: a stale chunk must fail loudly so the client reloads.
      if (immutable) return notFound(context);
      // Browsers (for a page that names no icon: a host app's) and link previews ask for this by
      // name; the product's icon is the SVG every web page names.
      if (path === '/favicon.ico' && existsSync(join(webDist, FAVICON))) {
        return context.redirect(FAVICON, 301);
      }
      const html = await loadIndex();
      if (!html) return context.html(NOT_BUILT, 503, { 'cache-control': 'no-cache' });
      return context.html(html, (await isKnownPath(path)) ? 200 : 404, { 'cache-control': 'no-cache' });
    },
  );
}
