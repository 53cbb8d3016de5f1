import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { completeManifest, type ManifestSettings } from './host-manifest-settings.ts';

const CLIENT_ID = '0b6f2d8e-4c1a-4e7b-9a3d-5f2e1c0b9a8d';
const teamsManifest = { manifestVersion: '1.17', icons: { color: 'color.png', outline: 'outline.png' }, validDomains: ['%PUBLIC_HOST%'] };
const appsScriptManifest = { urlFetchWhitelist: ['%PUBLIC_URL%/'], addOns: { common: { name: 'Vocal' } } };

const settings = (overrides: Partial<ManifestSettings> = {}): ManifestSettings => ({
  publicUrl: new URL('https://voice.example.com'),
  storagePublicUrl: null,
  microsoftClientId: null,
  ...overrides,
});
const teams = JSON.stringify({ ...teamsManifest, validDomains: ['voice.example.com'] });
const appsScript = JSON.stringify({ ...appsScriptManifest, urlFetchWhitelist: ['https://voice.example.com/'] });

describe('what a deployment’s settings add to the manifests', () => {
  it('names the Entra app in the Teams manifest when Microsoft sign-in is on, and leaves it out when off', () => {
    const completed = JSON.parse(completeManifest('ms-teams', 'manifest.json', teams, settings({ microsoftClientId: CLIENT_ID })));
    expect(completed.webApplicationInfo).toEqual({ id: CLIENT_ID, resource: `api://voice.example.com/${CLIENT_ID}` });
    expect(completeManifest('ms-teams', 'manifest.json', teams, settings())).toBe(teams);
    // Only the Teams app's own manifest; Outlook's has no single sign-on of ours.
    expect(completeManifest('outlook', 'manifest.json', teams, settings({ microsoftClientId: CLIENT_ID }))).toBe(teams);
  });

  it('keeps the port in the Application ID URI (Teams compares it with the tab’s origin)', () => {
    const completed = JSON.parse(
      completeManifest(
        'ms-teams',
        'manifest.json',
        teams,
        settings({ publicUrl: new URL('https://voice.example.com:8443'), microsoftClientId: CLIENT_ID }),
      ),
    );
    expect(completed.webApplicationInfo.resource).toBe(`api://voice.example.com:8443/${CLIENT_ID}`);
  });

  it('allows the Google add-on to fetch from S3 storage, once, and only over https', () => {
    const s3 = JSON.parse(
      completeManifest('google-docs', 'appsscript.json', appsScript, settings({ storagePublicUrl: 'https://files.example.net/bucket' })),
    );
    expect(s3.urlFetchWhitelist).toEqual(['https://voice.example.com/', 'https://files.example.net/bucket/']);
    // Files served by this server are covered by its own prefix already.
    expect(
      completeManifest('google-docs', 'appsscript.json', appsScript, settings({ storagePublicUrl: 'https://voice.example.com/files' })),
    ).toBe(appsScript);
    // Apps Script fetches nothing over http: listing it would break the manifest.
    expect(
      completeManifest('google-docs', 'appsscript.json', appsScript, settings({ storagePublicUrl: 'http://minio.local:9000/bucket' })),
    ).toBe(appsScript);
  });

  it('leaves a manifest that is not JSON as it is, for the package’s own checks to refuse', () => {
    expect(completeManifest('ms-teams', 'manifest.json', '{"icons": ', settings({ microsoftClientId: CLIENT_ID }))).toBe('{"icons": ');
  });
});

describe('a server with Microsoft sign-in and S3 storage, on plain http', () => {
  let apps: string;
  let server: TestServer;
  beforeAll(async () => {
    apps = await mkdtemp(join(tmpdir(), 'vocal-manifest-settings-'));
    for (const host of ['ms-teams', 'outlook']) {
      await mkdir(join(apps, host, 'dist'), { recursive: true });
      await writeFile(join(apps, host, 'dist', 'manifest.json'), JSON.stringify(teamsManifest));
      for (const icon of ['color.png', 'outline.png']) await writeFile(join(apps, host, 'dist', icon), `${icon} bytes`);
    }
    await mkdir(join(apps, 'google-docs', 'dist'), { recursive: true });
    await writeFile(join(apps, 'google-docs', 'dist', 'appsscript.json'), JSON.stringify(appsScriptManifest));
    server = await startTestServer('pglite', {
      PUBLIC_URL: 'http://voice.example.com:8080',
      HOST_APPS_DIR: apps,
      MICROSOFT_CLIENT_ID: CLIENT_ID,
      MICROSOFT_TENANT: 'organizations',
      STORAGE: 's3',
      S3_BUCKET: 'vocal-files',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_PUBLIC_URL: 'https://files.example.net/vocal-files',
    });
  });
  afterAll(async () => {
    await server?.close();
    await rm(apps, { recursive: true, force: true });
  });

  it('serves the Teams manifest, and packs it, with webApplicationInfo filled in', async () => {
    const expected = { id: CLIENT_ID, resource: `api://voice.example.com:8080/${CLIENT_ID}` };
    const served = (await (await fetch(`${server.url}/hosts/ms-teams/manifest.json`)).json()) as { webApplicationInfo: unknown };
    expect(served.webApplicationInfo).toEqual(expected);
    const zip = await fetch(`${server.url}/hosts/ms-teams/app.zip`);
    expect(zip.status).toBe(200);
    const packed = JSON.parse(strFromU8(unzipSync(new Uint8Array(await zip.arrayBuffer()))['manifest.json']!)) as {
      webApplicationInfo: unknown;
    };
    expect(packed.webApplicationInfo).toEqual(expected);
  });

  it('serves the Google add-on’s manifest with the S3 address allowed', async () => {
    const served = (await (await fetch(`${server.url}/hosts/google-docs/appsscript.json`)).json()) as { urlFetchWhitelist: string[] };
    expect(served.urlFetchWhitelist).toEqual(['http://voice.example.com:8080/', 'https://files.example.net/vocal-files/']);
  });

  it('refuses the Outlook package over http, saying Office loads add-ins over https only', async () => {
    const response = await fetch(`${server.url}/hosts/outlook/app.zip`);
    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await response.json()) as { msg: string }).msg).toBe(
      'Office loads an add-in’s pages only over https, and this server’s public address is http://voice.example.com:8080: set PUBLIC_URL to the server’s https address to download the Outlook add-in',
    );
  });
});
