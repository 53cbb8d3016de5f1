import { z } from 'zod';
import { HOST_APPS, type HostAppId, type HostAppRegistry, type HostPackageFormat } from '@vocal/settings-model';
import { PackageProblem, type PackageRecipe } from './host-app-package.ts';

/**
 * Files of a host app's build that name our public URL (`%PUBLIC_URL%`, `%PUBLIC_HOST%`),
 * filled in as they are served and as they go into a package: the hosts' manifests, and the
 * script of Zoho Mail's package that tells its widget which server to call (app/server.js).
 */
export function namesPublicUrl(path: string): boolean {
  return /(^|\/)(manifest[^/]*\.(json|xml)|plugin-manifest\.json|appsscript\.json)$|^app\/server\.js$/.test(path);
}

/** What of a Microsoft 365 (Teams-schema) manifest the package needs: its icons' PNG files. */
const manifestIconsSchema = z.object({
  icons: z.object({ color: z.string().regex(/\.png$/i), outline: z.string().regex(/\.png$/i) }),
});

/**
 * A Microsoft 365 app package (Teams' "Upload a custom app", the Microsoft 365 admin center's
 * "Upload custom apps"): manifest.json and the two icons it names, at the paths it names.
 */
const microsoft365: PackageRecipe = {
  what: 'app package',
  async contents(readFilled) {
    let icons: z.infer<typeof manifestIconsSchema>['icons'];
    try {
      icons = manifestIconsSchema.parse(JSON.parse(await readFilled('manifest.json'))).icons;
    } catch (error) {
      if (error instanceof PackageProblem) throw error;
      throw new PackageProblem('has a manifest.json that names no PNG icons (icons.color, icons.outline)');
    }
    return ['manifest.json', icons.color, icons.outline];
  },
};

/**
 * The Outlook add-in's package: a Microsoft 365 package whose pages Office loads only over
 * https (localhost included: Microsoft's own tooling installs a development certificate for
 * it). Refused here, saying why, rather than handed over to fail to load inside Outlook.
 */
const outlook: PackageRecipe = {
  ...microsoft365,
  what: 'add-in package',
  refusedWhen: 'PUBLIC_URL is not https, and Office loads add-ins over https only',
  refusal(publicUrl) {
    if (publicUrl.protocol === 'https:') return null;
    return `Office loads an add-in’s pages only over https, and this server’s public address is ${publicUrl.origin}: set PUBLIC_URL to the server’s https address to download the Outlook add-in`;
  },
};

/**
 * A Zendesk app package ("Upload private app"): manifest.json, translations/ and the two logos
 * Zendesk's package rules ask of an app with a visible location (assets/logo.png 320×320,
 * assets/logo-small.png 128×128). The build's assets/ also holds the sidebar's scripts, which
 * the server serves and the package leaves out.
 */
const zendesk: PackageRecipe = {
  what: 'app package',
  refusedWhen: 'PUBLIC_URL is plain http on a host other than localhost, which Zendesk refuses',
  contents: async () => ['manifest.json', 'translations/', 'assets/logo.png', 'assets/logo-small.png'],
  // Zendesk's upload validator (zendesk_apps_support, valid_absolute_uri?) takes a location URL
  // only when its scheme is https or its host is localhost: refuse here, saying why, rather than
  // hand over a package Zendesk rejects with a less helpful message.
  refusal(publicUrl) {
    if (publicUrl.protocol === 'https:' || publicUrl.hostname === 'localhost') return null;
    return `Zendesk loads an app's pages only over https (http only from localhost), and this server's public address is ${publicUrl.origin}: set PUBLIC_URL to the server's https address to download the Zendesk app`;
  },
};

/**
 * The kinds of file Zoho's packaging takes (zet 1.0.24, DEFAULT_EXTENSION_OBJ): anything else
 * (a source map, a .wasm) is left out of a package by zet, so it is left out here too.
 */
const ZOHO_PACKAGE_FILE = /\.(jpe?g|png|gif|svg|css|woff2?|ttf|eot|webm|js|mp3|mp4|json|txt|md|xml|dre|html)$/;

/**
 * A Zoho Mail extension package (Zoho Sigma's upload): plugin-manifest.json and app/, the
 * widget whole (its pages, scripts, styles, fonts, images and translations), which Zoho serves
 * itself (docs/decisions/0050).
 */
const zohoMail: PackageRecipe = {
  what: 'extension package',
  contents: async () => ['plugin-manifest.json', 'app/'],
  keeps: (path) => ZOHO_PACKAGE_FILE.test(path),
};

/** What of the Chrome extension's manifest names the server it talks to (apps/chrome-extension/manifest-fill.ts). */
const extensionManifestSchema = z
  .object({
    homepage_url: z.url(),
    host_permissions: z.array(z.string()),
    externally_connectable: z.object({ matches: z.array(z.string()) }).loose(),
  })
  .loose();

/** The host permission (and externally_connectable match) for one server: its scheme, host and port. */
const serverMatch = (server: URL) => `${server.protocol}//${server.host}/*`;

/**
 * The Chrome extension as the Web Store (or "Load unpacked", once unzipped) takes it: the
 * whole build. The build names the server it was built for (VOCAL_API_URL) so that an
 * unpacked dist/ works as it is; the zip names this server instead: the homepage the pages
 * read for the API's address, the host permission that lets them call it, and the one origin
 * whose sign-in page may hand the extension a code.
 */
const chromeExtension: PackageRecipe = {
  what: 'package, its manifest naming this server',
  contents: async () => [
    'manifest.json',
    'service-worker.js',
    'content.js',
    'compose.html',
    'popup.html',
    'permission.html',
    'assets/',
    'icons/',
  ],
  rewrite(path, text, publicUrl) {
    if (path !== 'manifest.json') return undefined;
    let manifest: z.infer<typeof extensionManifestSchema>;
    try {
      manifest = extensionManifestSchema.parse(JSON.parse(text));
    } catch {
      throw new PackageProblem('has a manifest.json that names no server (homepage_url, host_permissions, externally_connectable)');
    }
    const built = serverMatch(new URL(manifest.homepage_url));
    const ours = serverMatch(publicUrl);
    const swap = (patterns: string[]) => patterns.map((pattern) => (pattern === built ? ours : pattern));
    const rewritten = {
      ...manifest,
      homepage_url: `${publicUrl.origin}/`,
      host_permissions: swap(manifest.host_permissions),
      externally_connectable: { ...manifest.externally_connectable, matches: swap(manifest.externally_connectable.matches) },
    };
    return `${JSON.stringify(rewritten, null, 2)}\n`;
  },
};

/** Each package format the hosts take (host-apps.ts names each host's). */
const PACKAGE_FORMATS = {
  'office-add-in': outlook,
  'microsoft-365': microsoft365,
  zendesk,
  'zoho-mail': zohoMail,
  'chrome-extension': chromeExtension,
} satisfies Record<HostPackageFormat, PackageRecipe>;

/** The host apps that install from a package (the host registry's `package`). */
export type PackagedHost = {
  [Id in HostAppId]: (typeof HOST_APPS)[Id] extends { package: object } ? Id : never;
}[HostAppId];

/**
 * Each host app installed from a package, by folder name under apps/: its format's recipe,
 * served at /hosts/{host}/{fileName}.
 */
export const PACKAGE_RECIPES = Object.fromEntries(
  Object.entries(HOST_APPS as HostAppRegistry).flatMap(([id, entry]) =>
    entry.package ? [[id, { ...PACKAGE_FORMATS[entry.package.format], fileName: entry.package.file }]] : [],
  ),
) as Record<PackagedHost, PackageRecipe & { fileName: string }>;
