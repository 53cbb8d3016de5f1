import { join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { decodedPath, serveFile } from './static-files.ts';

/** The host apps whose builds the server hosts, by folder name under apps/. */
export const HOST_APPS = [
  'outlook',
  'ms-teams',
  'zendesk',
  'zoho-mail',
  'front-app',
  'google-meet',
  'google-docs',
  'chrome-extension',
] as const;

/** Files a host installs from: they name our public URL, written into them as they are served. */
const MANIFEST = /(^|\/)(manifest[^/]*\.(json|xml)|plugin-manifest\.json|appsscript\.json)$/;

/**
 * GET /hosts/{host}/...: each host app's build (taskpanes, dialogs, side panels) on our own
 * origin, which the host's manifest points at. Manifests get `%PUBLIC_URL%` replaced, so a
 * self-hoster installs the add-in straight from their own server.
 */
export function hostAppRoutes(options: { appsFolder: string; publicUrl: string; serveSourceMaps: boolean }) {
  const publicHost = new URL(options.publicUrl).host;
  const fill = (text: string) => text.replaceAll('%PUBLIC_URL%', options.publicUrl).replaceAll('%PUBLIC_HOST%', publicHost);

  return new Hono<AppEnv>().on(['GET', 'HEAD'], '/hosts/:host/*', async (context) => {
    const host = context.req.param('host');
    const path = decodedPath(context);
    if (!(HOST_APPS as readonly string[]).includes(host) || path === null || !path.startsWith(`/hosts/${host}/`)) {
      return context.json({ msg: 'No such host app' }, 404, { 'cache-control': 'no-store' });
    }
    const relative = path.slice(`/hosts/${host}/`.length);
    if (relative.endsWith('.map') && !options.serveSourceMaps) {
      return context.json({ msg: 'File not found' }, 404, { 'cache-control': 'no-store' });
    }
    const file = await serveFile(context, join(options.appsFolder, host, 'dist'), relative, {
      immutable: relative.startsWith('assets/'),
      transform: MANIFEST.test(relative) ? fill : undefined,
    });
    return file ?? context.json({ msg: 'File not found' }, 404, { 'cache-control': 'no-store' });
  });
}
