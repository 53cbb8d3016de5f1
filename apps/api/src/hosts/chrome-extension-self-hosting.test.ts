import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from '../app-root.ts';
import { startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { extensionIdOf, readCrx3 } from './chrome-extension-crx.ts';

const run = promisify(execFile);
const PUBLIC_URL = 'https://voice.example.com';
const extensionSource = resolve(appRoot, '..', 'chrome-extension');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The extension's build as vite lays it out, from the app's own manifest and icons (no build needed). */
async function writeExtensionBuild(dist: string) {
  const manifest = (await readFile(join(extensionSource, 'manifest.json'), 'utf8'))
    .replaceAll('%SERVER_ORIGIN%', 'http://localhost:3000')
    .replaceAll('%SERVER_MATCH%', 'http://localhost:3000/*');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'manifest.json'), manifest);
  for (const page of ['compose.html', 'popup.html', 'permission.html']) await writeFile(join(dist, page), `<title>${page}</title>`);
  await writeFile(join(dist, 'service-worker.js'), 'worker script');
  await writeFile(join(dist, 'content.js'), 'content script');
  await writeFile(join(dist, 'assets', 'popup.js'), 'popup script');
  await cp(join(extensionSource, 'public', 'icons'), join(dist, 'icons'), { recursive: true });
  return JSON.parse(manifest) as { version: string };
}

/** An attribute of the update manifest's <app> or <updatecheck> element. */
const attribute = (xml: string, name: 'appid' | 'codebase' | 'version') =>
  new RegExp(`<(?:app|updatecheck)\\b[^>]*\\s${name}='([^']*)'`).exec(xml)?.[1];
/** A zip's files (Chromium's packer also lists the folders). */
const filesOf = (archive: Buffer) =>
  Object.keys(unzipSync(new Uint8Array(archive)))
    .filter((name) => !name.endsWith('/'))
    .sort();

/**
 * Chromium's own packer (--pack-extension) run on the files of the server's CRX with the same
 * key: the format Chromium writes reads the same, with the same key and id, and the same files.
 */
async function packedByChromiumMatches(target: TestServer, keyFile: string) {
  const ours = readCrx3(Buffer.from(await (await fetch(`${target.url}/hosts/chrome-extension/vocal.crx`)).arrayBuffer()));
  const scratch = await mkdtemp(join(tmpdir(), 'vocal-crx-chromium-'));
  const unpacked = join(scratch, 'unpacked');
  for (const [path, bytes] of Object.entries(unzipSync(new Uint8Array(ours.archive)))) {
    await mkdir(dirname(join(unpacked, path)), { recursive: true });
    await writeFile(join(unpacked, path), bytes);
  }
  await run(chromium, [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    `--user-data-dir=${join(scratch, 'profile')}`,
    `--pack-extension=${unpacked}`,
    `--pack-extension-key=${keyFile}`,
  ]).catch((error: { code?: number }) => {
    // Chromium's wrapper script may exit non-zero after packing; the file is what counts.
    if (typeof error.code !== 'number') throw error;
  });
  const chromiums = readCrx3(await readFile(`${unpacked}.crx`));
  await rm(scratch, { recursive: true, force: true });
  expect(chromiums.extensionId).toBe(ours.extensionId);
  expect(chromiums.publicKey.equals(ours.publicKey)).toBe(true);
  expect(filesOf(chromiums.archive)).toEqual(filesOf(ours.archive));
}

describe('the Chrome extension for enterprise force-install, self-hosted', () => {
  let folder: string;
  let server: TestServer;
  let built: { version: string };
  const apps = () => join(folder, 'apps');

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'vocal-crx-'));
    built = await writeExtensionBuild(join(apps(), 'chrome-extension', 'dist'));
    // No key file: the key is made on first use and kept in the database, for every process.
    server = await startTestServer('pglite', { PUBLIC_URL, HOST_APPS_DIR: apps() });
  });
  afterAll(async () => {
    await server?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('serves an update manifest naming the extension id, the CRX on this server and the built version', async () => {
    const response = await fetch(`${server.url}/hosts/chrome-extension/update.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toContain("<gupdate xmlns='http://www.google.com/update2/response' protocol='2.0'>");
    expect(attribute(xml, 'appid')).toMatch(/^[a-p]{32}$/);
    expect(attribute(xml, 'codebase')).toBe(`${PUBLIC_URL}/hosts/chrome-extension/vocal.crx`);
    expect(attribute(xml, 'version')).toBe(built.version);
  });

  it('serves the CRX3 signed by that id’s key, holding extension.zip’s files with update_url pointing back here', async () => {
    const xml = await (await fetch(`${server.url}/hosts/chrome-extension/update.xml`)).text();
    const response = await fetch(`${server.url}/hosts/chrome-extension/vocal.crx`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-chrome-extension');
    const crx = readCrx3(Buffer.from(await response.arrayBuffer()));
    expect(crx.extensionId).toBe(attribute(xml, 'appid'));

    const files = unzipSync(new Uint8Array(crx.archive));
    const zip = unzipSync(new Uint8Array(await (await fetch(`${server.url}/hosts/chrome-extension/extension.zip`)).arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(Object.keys(zip).sort());
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as Record<string, unknown>;
    const storeManifest = JSON.parse(strFromU8(zip['manifest.json']!)) as Record<string, unknown>;
    // The Web Store's zip has no update_url (the store sets its own); the self-hosted CRX must.
    expect(storeManifest.update_url).toBeUndefined();
    expect(manifest).toEqual({ ...storeManifest, update_url: `${PUBLIC_URL}/hosts/chrome-extension/update.xml` });
    expect(manifest.version).toBe(attribute(xml, 'version'));
  });

  it('keeps one key: the same id every time, and the key a deployment gives it in CHROME_EXTENSION_KEY_FILE', async () => {
    const id = async (target: TestServer) =>
      attribute(await (await fetch(`${target.url}/hosts/chrome-extension/update.xml`)).text(), 'appid');
    const first = await id(server);
    expect(await id(server)).toBe(first);

    const keyFile = join(folder, 'chrome-extension-key.pem');
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await writeFile(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    const keyed = await startTestServer('pglite', { PUBLIC_URL, HOST_APPS_DIR: apps(), CHROME_EXTENSION_KEY_FILE: keyFile });
    try {
      expect(await id(keyed)).toBe(extensionIdOf(publicKey.export({ type: 'spki', format: 'der' })));
      expect(await id(keyed)).not.toBe(first);
      await packedByChromiumMatches(keyed, keyFile);
    } finally {
      await keyed.close();
    }
  }, 120_000);

  it('is really checked: a CRX whose zip was changed after signing is refused', async () => {
    const crx = Buffer.from(await (await fetch(`${server.url}/hosts/chrome-extension/vocal.crx`)).arrayBuffer());
    crx.writeUInt8(crx.readUInt8(crx.length - 30) ^ 0xff, crx.length - 30);
    expect(() => readCrx3(crx)).toThrow('CRX signature does not verify');
    expect(() => readCrx3(Buffer.from('PK\x03\x04 a zip, not a crx'))).toThrow('no Cr24 magic');
  });

  it('answers 404 with {msg} while the extension is not built', async () => {
    await rm(join(apps(), 'chrome-extension', 'dist'), { recursive: true });
    for (const path of ['update.xml', 'vocal.crx']) {
      const response = await fetch(`${server.url}/hosts/chrome-extension/${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({
        msg: 'The chrome-extension app is not built on this server, so it has no self-hosted package',
      });
    }
    built = await writeExtensionBuild(join(apps(), 'chrome-extension', 'dist'));
  });
});
