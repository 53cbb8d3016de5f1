import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from '../app-root.ts';
import { startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { PACKAGE_RECIPES } from './host-app-package-recipes.ts';

const PUBLIC_URL = 'https://voice.example.com';
const appsSource = resolve(appRoot, '..');
type PackagedHost = keyof typeof PACKAGE_RECIPES;

/** A made-up Teams app's build: a manifest naming its icons in a folder, and the icons. */
const teamsManifest = JSON.stringify({
  manifestVersion: '1.17',
  icons: { color: 'icons/color.png', outline: 'icons/outline.png' },
  staticTabs: [{ entityId: 'record', contentUrl: '%PUBLIC_URL%/hosts/ms-teams/index.html' }],
  validDomains: ['%PUBLIC_HOST%'],
});

/** Every file under `folder`, relative to it, with / separators, sorted. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      posix.join(
        ...join(entry.parentPath, entry.name)
          .slice(folder.length + 1)
          .split(/[\\/]/),
      ),
    )
    .sort();
}

/**
 * Each packaged host's build as its vite build lays it out, from the app's own files (no build
 * needed), beside page files (the sidebar, the widget, hashed scripts) a package must leave out.
 */
const writeBuild: Record<PackagedHost, (dist: string) => Promise<void>> = {
  async outlook(dist) {
    await cp(join(appsSource, 'outlook', 'manifest.json'), join(dist, 'manifest.json'));
    for (const icon of ['color.png', 'outline.png']) await cp(join(appsSource, 'outlook', 'public', icon), join(dist, icon));
    await writeFile(join(dist, 'taskpane.html'), '<title>taskpane</title>');
  },
  async 'ms-teams'(dist) {
    await mkdir(join(dist, 'icons'), { recursive: true });
    await writeFile(join(dist, 'manifest.json'), teamsManifest);
    await writeFile(join(dist, 'icons', 'color.png'), 'color bytes');
    await writeFile(join(dist, 'icons', 'outline.png'), 'outline bytes');
  },
  async zendesk(dist) {
    const source = join(appsSource, 'zendesk');
    await cp(join(source, 'manifest.json'), join(dist, 'manifest.json'));
    await cp(join(source, 'translations'), join(dist, 'translations'), { recursive: true });
    await cp(join(source, 'assets'), join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'sidebar.html'), '<title>sidebar</title>');
    await writeFile(join(dist, 'assets', 'sidebar-B_i2_QtD.js'), 'sidebar script');
  },
  async 'zoho-mail'(dist) {
    await cp(join(appsSource, 'zoho-mail', 'public'), dist, { recursive: true });
    await mkdir(join(dist, 'app', 'assets'), { recursive: true });
    await writeFile(join(dist, 'app', 'panel.html'), '<title>panel</title>');
    await writeFile(join(dist, 'app', 'assets', 'panel-ifcf_1uR.js'), 'widget script');
    // Zoho's packaging takes no source map: it stays out of the package.
    await writeFile(join(dist, 'app', 'assets', 'panel-ifcf_1uR.js.map'), '{}');
  },
  async 'chrome-extension'(dist) {
    await writeFile(join(dist, 'manifest.json'), builtExtensionManifest());
    for (const page of ['compose.html', 'popup.html', 'permission.html']) await writeFile(join(dist, page), `<title>${page}</title>`);
    await writeFile(join(dist, 'service-worker.js'), 'worker script');
    await writeFile(join(dist, 'content.js'), 'content script');
    await cp(join(appsSource, 'chrome-extension', 'public', 'icons'), join(dist, 'icons'), { recursive: true });
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'assets', 'popup-2knOJeem.js'), 'popup script');
  },
};

/** The extension's manifest as its build writes it for the developer's server (VOCAL_API_URL, here the default). */
const builtExtensionManifest = () =>
  readFileSync(join(appsSource, 'chrome-extension', 'manifest.json'), 'utf8')
    .replaceAll('%SERVER_ORIGIN%', 'http://localhost:3000')
    .replaceAll('%SERVER_MATCH%', 'http://localhost:3000/*');

/** A build broken for one host: its name, how, and the reason the 404 gives. */
type BrokenBuild = [PackagedHost, string, (dist: string) => Promise<unknown>, string];

/** What each package holds: paths of the build. */
const expectedFiles: Record<PackagedHost, () => Promise<string[]>> = {
  outlook: async () => ['color.png', 'manifest.json', 'outline.png'],
  'ms-teams': async () => ['icons/color.png', 'icons/outline.png', 'manifest.json'],
  zendesk: async () => ['assets/logo-small.png', 'assets/logo.png', 'manifest.json', 'translations/en.json'],
  'zoho-mail': async () =>
    [...(await filesUnder(join(appsSource, 'zoho-mail', 'public'))), 'app/assets/panel-ifcf_1uR.js', 'app/panel.html'].sort(),
  'chrome-extension': async () =>
    [
      'assets/popup-2knOJeem.js',
      'compose.html',
      'content.js',
      ...(await filesUnder(join(appsSource, 'chrome-extension', 'public'))),
      'manifest.json',
      'permission.html',
      'popup.html',
      'service-worker.js',
    ].sort(),
};

/** The package's address: app.zip, or the recipe's own name (the Chrome extension's extension.zip). */
const packageName = (host: string) =>
  (host in PACKAGE_RECIPES ? (PACKAGE_RECIPES[host as PackagedHost] as { fileName?: string }).fileName : undefined) ?? 'app.zip';

async function download(server: TestServer, host: string) {
  const response = await fetch(`${server.url}/hosts/${host}/${packageName(host)}`);
  return { response, files: response.ok ? unzipSync(new Uint8Array(await response.arrayBuffer())) : null };
}

describe('each host’s install package at /hosts/{host}/app.zip', () => {
  let apps: string;
  let server: TestServer;
  const build = (host: string) => join(apps, host, 'dist');
  async function rewriteBuild(host: PackagedHost) {
    await rm(build(host), { recursive: true, force: true });
    await mkdir(build(host), { recursive: true });
    await writeBuild[host](build(host));
  }
  /** For each case, a whole build answers its package; broken, 404 with `{reason}, so it has no app package`. */
  async function expectNoPackage(cases: BrokenBuild[]) {
    for (const [host, name, breakIt, reason] of cases) {
      await rewriteBuild(host);
      expect((await download(server, host)).response.status, `${host}, ${name}: whole first`).toBe(200);
      await breakIt(build(host));
      const { response } = await download(server, host);
      expect(response.status, `${host}, ${name}`).toBe(404);
      expect(await response.json(), `${host}, ${name}`).toEqual({ msg: `${reason}, so it has no app package` });
    }
    for (const host of Object.keys(writeBuild) as PackagedHost[]) await rewriteBuild(host);
  }
  beforeAll(async () => {
    apps = await mkdtemp(join(tmpdir(), 'vocal-host-apps-'));
    for (const host of Object.keys(writeBuild) as PackagedHost[]) await rewriteBuild(host);
    // Beside the builds, where no package may reach.
    await writeFile(join(apps, 'secret.txt'), 'adminToken');
    await writeFile(join(apps, 'secret.png'), 'adminToken');
    server = await startTestServer('pglite', { PUBLIC_URL, HOST_APPS_DIR: apps });
  });
  afterAll(async () => {
    await server?.close();
    await rm(apps, { recursive: true, force: true });
  });

  it.each(Object.keys(writeBuild) as PackagedHost[])(
    '%s: the package’s files of the build and nothing else, each exactly as it is served',
    async (host) => {
      const { response, files } = await download(server, host);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="vocal-${host}.zip"`);
      expect(Object.keys(files!).sort()).toEqual(await expectedFiles[host]());
      for (const [path, bytes] of Object.entries(files!)) {
        const served = await fetch(`${server.url}/hosts/${host}/${path}`);
        expect(served.status, path).toBe(200);
        // The extension's manifest is made for this server as it is packed (the next test).
        if (host === 'chrome-extension' && path === 'manifest.json') continue;
        expect(Buffer.from(bytes).equals(Buffer.from(await served.arrayBuffer())), path).toBe(true);
        expect(strFromU8(bytes), path).not.toMatch(/%PUBLIC_(URL|HOST)%/);
      }
    },
  );

  it('fills our public URL into each manifest and the server Zoho’s widget calls', async () => {
    const text = async (host: string, path: string) => strFromU8((await download(server, host)).files![path]!);
    expect(await text('outlook', 'manifest.json')).toContain(`"${PUBLIC_URL}/hosts/outlook/taskpane.html"`);
    expect(JSON.parse(await text('ms-teams', 'manifest.json'))).toMatchObject({
      staticTabs: [{ contentUrl: `${PUBLIC_URL}/hosts/ms-teams/index.html` }],
      validDomains: ['voice.example.com'],
    });
    expect(JSON.parse(await text('zendesk', 'manifest.json'))).toMatchObject({
      author: { email: 'support@voice.example.com', url: PUBLIC_URL },
      location: { support: { ticket_sidebar: { url: `${PUBLIC_URL}/hosts/zendesk/sidebar.html` } } },
    });
    expect(JSON.parse(await text('zoho-mail', 'plugin-manifest.json'))).toMatchObject({ whiteListedDomains: [PUBLIC_URL] });
    expect(await text('zoho-mail', 'app/server.js')).toContain(`window.vocalServer = '${PUBLIC_URL}';`);
  });

  it('points the Chrome extension at this server: its homepage, its host permission and the sign-in page’s origin', async () => {
    const manifest = JSON.parse(strFromU8((await download(server, 'chrome-extension')).files!['manifest.json']!)) as Record<
      string,
      unknown
    >;
    const built = JSON.parse(builtExtensionManifest()) as Record<string, unknown>;
    expect(manifest).toEqual({
      ...built,
      homepage_url: `${PUBLIC_URL}/`,
      host_permissions: ['https://mail.google.com/*', `${PUBLIC_URL}/*`],
      externally_connectable: { matches: [`${PUBLIC_URL}/*`] },
    });
    expect(JSON.stringify(manifest)).not.toContain('localhost');
    // The address of the package is the extension's own word for it; there is no app.zip.
    expect((await fetch(`${server.url}/hosts/chrome-extension/app.zip`)).status).toBe(404);
  });

  it('answers 404 with {msg} when the build or a file the package needs is missing, or the manifest is broken', async () => {
    await expectNoPackage([
      ['ms-teams', 'no build', (dist) => rm(dist, { recursive: true }), 'The ms-teams app is not built on this server'],
      [
        'ms-teams',
        'an icon missing',
        (dist) => rm(join(dist, 'icons', 'outline.png')),
        'The ms-teams app has no icons/outline.png in its build',
      ],
      [
        'ms-teams',
        'a manifest that is not JSON',
        (dist) => writeFile(join(dist, 'manifest.json'), '{"icons": '),
        'The ms-teams app has a manifest.json that names no PNG icons (icons.color, icons.outline)',
      ],
      [
        'outlook',
        'a manifest without icons',
        (dist) => writeFile(join(dist, 'manifest.json'), '{"manifestVersion": "1.17"}'),
        'The outlook app has a manifest.json that names no PNG icons (icons.color, icons.outline)',
      ],
      ['outlook', 'no manifest', (dist) => rm(join(dist, 'manifest.json')), 'The outlook app has no manifest.json in its build'],
      ['zendesk', 'no build', (dist) => rm(dist, { recursive: true }), 'The zendesk app is not built on this server'],
      [
        'zendesk',
        'a logo missing',
        (dist) => rm(join(dist, 'assets', 'logo-small.png')),
        'The zendesk app has no assets/logo-small.png in its build',
      ],
      [
        'zendesk',
        'no translations',
        (dist) => rm(join(dist, 'translations'), { recursive: true }),
        'The zendesk app has no translations/ in its build',
      ],
      [
        'zoho-mail',
        'no manifest',
        (dist) => rm(join(dist, 'plugin-manifest.json')),
        'The zoho-mail app has no plugin-manifest.json in its build',
      ],
      ['zoho-mail', 'no app/', (dist) => rm(join(dist, 'app'), { recursive: true }), 'The zoho-mail app has no app/ in its build'],
      [
        'chrome-extension',
        'no content script',
        (dist) => rm(join(dist, 'content.js')),
        'The chrome-extension app has no content.js in its build',
      ],
      [
        'chrome-extension',
        'a manifest naming no server',
        (dist) => writeFile(join(dist, 'manifest.json'), '{"manifest_version": 3}'),
        'The chrome-extension app has a manifest.json that names no server (homepage_url, host_permissions, externally_connectable)',
      ],
    ]);
  });

  it('never takes a file from outside the build: not by .., an absolute path or a symbolic link', async () => {
    await expectNoPackage([
      [
        'ms-teams',
        'an icon named by ..',
        (dist) => writeFile(join(dist, 'manifest.json'), teamsManifest.replace('icons/color.png', '../../secret.png')),
        'The ms-teams app names ../../secret.png, which is outside its build',
      ],
      [
        'ms-teams',
        'an icon named by an absolute path',
        (dist) => writeFile(join(dist, 'manifest.json'), teamsManifest.replace('icons/color.png', join(apps, 'secret.png'))),
        `The ms-teams app names ${join(apps, 'secret.png')}, which is outside its build`,
      ],
      [
        'zoho-mail',
        'a link to a file outside, in app/',
        (dist) => symlink(join(apps, 'secret.txt'), join(dist, 'app', 'secret.txt')),
        'The zoho-mail app has app/secret.txt pointing outside its build',
      ],
      [
        'zendesk',
        'translations/ a link to a folder outside',
        async (dist) => {
          await mkdir(join(apps, 'elsewhere'), { recursive: true });
          await cp(join(dist, 'translations', 'en.json'), join(apps, 'elsewhere', 'en.json'));
          await rm(join(dist, 'translations'), { recursive: true });
          await symlink(join(apps, 'elsewhere'), join(dist, 'translations'));
        },
        'The zendesk app has translations/en.json pointing outside its build',
      ],
      [
        'zendesk',
        'a logo linked to a file outside',
        async (dist) => {
          await rm(join(dist, 'assets', 'logo.png'));
          await symlink(join(apps, 'secret.png'), join(dist, 'assets', 'logo.png'));
        },
        'The zendesk app has assets/logo.png pointing outside its build',
      ],
    ]);
  });

  it('is only for the packaged hosts: another host’s app.zip is a file of its build like any other', async () => {
    const response = await fetch(`${server.url}/hosts/front-app/app.zip`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ msg: 'File not found' });
  });
});

describe('the Zendesk package on a server Zendesk would not load', () => {
  let apps: string;
  let server: TestServer;
  beforeAll(async () => {
    apps = await mkdtemp(join(tmpdir(), 'vocal-host-apps-'));
    for (const host of ['zendesk', 'zoho-mail'] as const) {
      await mkdir(join(apps, host, 'dist'), { recursive: true });
      await writeBuild[host](join(apps, host, 'dist'));
    }
    server = await startTestServer('pglite', { PUBLIC_URL: 'http://voice.example.com', HOST_APPS_DIR: apps });
  });
  afterAll(async () => {
    await server?.close();
    await rm(apps, { recursive: true, force: true });
  });

  it('answers 409 with why, for a plain http public address on another host than localhost', async () => {
    const { response } = await download(server, 'zendesk');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      msg: "Zendesk loads an app's pages only over https (http only from localhost), and this server's public address is http://voice.example.com: set PUBLIC_URL to the server's https address to download the Zendesk app",
    });
    // Only Zendesk's rule: the other packages are made as ever.
    expect((await download(server, 'zoho-mail')).response.status).toBe(200);
  });

  it('takes what Zendesk’s validator takes: https, or any scheme on localhost', () => {
    const refusal = (url: string) => PACKAGE_RECIPES.zendesk.refusal?.(new URL(url));
    expect(refusal('https://voice.example.com')).toBeNull();
    expect(refusal('https://voice.example.com:8443/vocal')).toBeNull();
    expect(refusal('http://localhost:3000')).toBeNull();
    expect(refusal('http://127.0.0.1:3000')).toContain('only over https');
    expect(refusal('http://voice.example.com')).toContain('only over https');
  });
});
