import { join } from 'node:path';
import { Hono } from 'hono';
import { HOST_APP_IDS, HOST_APPS, hostAppsOf, type HostAppRegistry } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { described } from '../openapi/described.ts';
import { entryPageDescriptions, hostFileDescriptions, packageRouteDescription } from '../openapi/host-app-route-descriptions.ts';
import { buildAppPackage, PackageProblem } from './host-app-package.ts';
import { namesPublicUrl, PACKAGE_RECIPES } from './host-app-package-recipes.ts';
import { completeManifest, type ManifestSettings } from './host-manifest-settings.ts';
import { decodedPath, serveFile } from '../site/static-files.ts';

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
  const recipes: Partial<Record<string, (typeof PACKAGE_RECIPES)[keyof typeof PACKAGE_RECIPES]>> = PACKAGE_RECIPES;
  for (const { id: host, name, entryPages = [] } of hostAppsOf(HOST_APPS as HostAppRegistry)) {
    // Its package, for the hosts that install from one (PACKAGE_RECIPES).
    const recipe = recipes[host];
    if (recipe) {
      routes.get(`/hosts/${host}/${recipe.fileName}`, described(packageRouteDescription(name, recipe)), async (context) => {
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
    // The pages of a build that the spec gives an address outside /hosts/ (GET /addons/meet, the
    // Meet side panel; GET /teams, the Teams tab, which in a plain browser says how to add the
    // app). Their assets load from /hosts/{host}/.
    for (const page of entryPages) {
      routes.on(['GET', 'HEAD'], page.path, described(entryPageDescriptions(host, name, page)), async (context) => {
        if (page.how === 'redirect') {
          return context.redirect(`/hosts/${host}/${page.file}${new URL(context.req.url).search}`, 302);
        }
        const file = await serveFile(context, join(options.appsFolder, host, 'dist'), page.file);
        return file ?? context.json({ msg: `The ${name} app has not been built` }, 404, { 'cache-control': 'no-store' });
      });
    }
  }
  return routes.on(['GET', 'HEAD'], '/hosts/:host/*', described(hostFileDescriptions), async (context) => {
    const host = context.req.param('host');
    const path = decodedPath(context);
    if (!(HOST_APP_IDS as readonly string[]).includes(host) || path === null || !path.startsWith(`/hosts/${host}/`)) {
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
