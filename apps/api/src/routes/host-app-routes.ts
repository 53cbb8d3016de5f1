import { join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { buildAppPackage, PackageProblem } from './host-app-package.ts';
import { namesPublicUrl, PACKAGE_RECIPES } from './host-app-package-recipes.ts';
import { completeManifest, type ManifestSettings } from './host-manifest-settings.ts';
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

/** The Google Meet add-on's side panel (spec section 2), served from the google-meet build. */
export const MEET_SIDE_PANEL_PATH = '/addons/meet';

/** The spec's Teams app address; it leads to the Teams tab of the ms-teams build. */
export const TEAMS_APP_PATH = '/teams';

/**
 * GET /hosts/{host}/...: each host app's build (taskpanes, dialogs, side panels) on our own
 * origin, which the host's manifest points at. Manifests get `%PUBLIC_URL%` replaced, so a
 * self-hoster installs the app straight from their own server; the hosts that install from an
 * uploaded package (PACKAGE_RECIPES) get it whole at /hosts/{host}/app.zip (the Chrome
 * extension's at extension.zip), each file in it as it is served.
 */
export function hostAppRoutes(options: {
  appsFolder: string;
  publicUrl: string;
  serveSourceMaps: boolean;
  /** What else of this deployment the manifests carry (Teams' single sign-on, the Google add-on's file storage). */
  manifestSettings?: Omit<ManifestSettings, 'publicUrl'>;
}) {
  const publicHost = new URL(options.publicUrl).host;
  const settings: ManifestSettings = {
    publicUrl: new URL(options.publicUrl),
    storagePublicUrl: options.manifestSettings?.storagePublicUrl ?? null,
    microsoftClientId: options.manifestSettings?.microsoftClientId ?? null,
  };
  /** A file of `host`'s build that names our public URL, as served and packed. */
  const fillFor = (host: string) => (text: string, path: string) =>
    completeManifest(host, path, text.replaceAll('%PUBLIC_URL%', options.publicUrl).replaceAll('%PUBLIC_HOST%', publicHost), settings);

  const routes = new Hono<AppEnv>();
  for (const [host, recipe] of Object.entries(PACKAGE_RECIPES)) {
    const fileName: string = ('fileName' in recipe ? recipe.fileName : undefined) ?? 'app.zip';
    routes.get(`/hosts/${host}/${fileName}`, async (context) => {
      const refusal = recipe.refusal?.(new URL(options.publicUrl)) ?? null;
      if (refusal) return context.json({ msg: refusal }, 409, { 'cache-control': 'no-store' });
      let zip: Uint8Array;
      try {
        zip = await buildAppPackage(join(options.appsFolder, host, 'dist'), recipe, {
          namesPublicUrl,
          fill: fillFor(host),
          publicUrl: new URL(options.publicUrl),
        });
      } catch (error) {
        if (!(error instanceof PackageProblem)) throw error;
        return context.json({ msg: `The ${host} app ${error.message}, so it has no app package` }, 404, {
          'cache-control': 'no-store',
        });
      }
      return context.body(zip as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="vocal-${host}.zip"`,
        'cache-control': 'no-cache',
      });
    });
  }
  // GET /addons/meet (spec section 2): the Google Meet add-on's side panel, the address its
  // deployment names (sidePanelUrl); its assets load from /hosts/google-meet/.
  routes.on(['GET', 'HEAD'], MEET_SIDE_PANEL_PATH, async (context) => {
    const file = await serveFile(context, join(options.appsFolder, 'google-meet', 'dist'), 'side-panel.html');
    return file ?? context.json({ msg: 'The Google Meet add-on has not been built' }, 404, { 'cache-control': 'no-store' });
  });
  // GET /teams (spec section 2, the Teams app): the Teams tab. In Teams it is the tab itself;
  // in a plain browser the tab page says how to add the app in Teams. (/teams/record, the
  // tab's record window, is the web app's.)
  routes.on(['GET', 'HEAD'], TEAMS_APP_PATH, (context) => {
    const query = new URL(context.req.url).search;
    return context.redirect(`/hosts/ms-teams/tab.html${query}`, 302);
  });
  return routes.on(['GET', 'HEAD'], '/hosts/:host/*', async (context) => {
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
      transform: namesPublicUrl(relative) ? (text: string) => fillFor(host)(text, relative) : undefined,
    });
    return file ?? context.json({ msg: 'File not found' }, 404, { 'cache-control': 'no-store' });
  });
}
