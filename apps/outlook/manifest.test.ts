// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { AppManifestUtils, type AppManifest } from '@microsoft/app-manifest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const appFolder = import.meta.dirname;
const source = readFileSync(join(appFolder, 'manifest.json'), 'utf8');

/** What the server does as it serves manifest*.json (apps/api host-app-routes). */
function filled(publicUrl: string): AppManifest {
  const text = source.replaceAll('%PUBLIC_URL%', publicUrl).replaceAll('%PUBLIC_HOST%', new URL(publicUrl).host);
  return JSON.parse(text) as AppManifest;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const template = JSON.parse(source) as { [key: string]: Json };

function strings(value: Json): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The PNG's width and height, read from its IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the add-in manifest', () => {
  beforeEach(() => {
    // Offline: validation must use the schemas bundled in @microsoft/app-manifest, never the network.
    vi.stubGlobal('fetch', () => Promise.reject(new Error('No network in tests')));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names a schema that @microsoft/app-manifest bundles', () => {
    const schemaPath = String(template.$schema).replace('https://developer.microsoft.com/', '');
    const packageFolder = dirname(createRequire(import.meta.url).resolve('@microsoft/app-manifest/package.json'));
    expect(existsSync(join(packageFolder, 'build', schemaPath))).toBe(true);
    expect(template.manifestVersion).toBe(schemaPath.match(/teams\/v([\d.]+)\//)?.[1]);
  });

  it.each(['https://vocal.example.com', 'http://localhost:3000'])(
    'validates against that schema once served from %s',
    async (publicUrl) => {
      const errors = await AppManifestUtils.validateAgainstSchema(filled(publicUrl));
      expect(errors).toEqual([]);
    },
  );

  it('is really checked: a manifest without a developer or with a bad ribbon context fails', async () => {
    const broken = filled('https://vocal.example.com') as unknown as { [key: string]: Json };
    delete broken.developer;
    const errors = await AppManifestUtils.validateAgainstSchema(broken as unknown as AppManifest);
    expect(errors.join('\n')).toMatch(/developer/);

    const badContext = JSON.parse(JSON.stringify(filled('https://vocal.example.com'))) as {
      extensions: { ribbons: { contexts: string[] }[] }[];
    };
    badContext.extensions[0]!.ribbons[0]!.contexts = ['mailWriting'];
    expect(await AppManifestUtils.validateAgainstSchema(badContext as unknown as AppManifest)).not.toEqual([]);
  });

  it('names every URL through %PUBLIC_URL%, so each deployment serves its own', () => {
    const urls = strings(template).filter((value) => value.includes('://') || value.startsWith('%PUBLIC_URL%'));
    const ours = urls.filter((value) => value !== template.$schema);
    expect(ours.length).toBeGreaterThan(5);
    for (const url of ours) expect(url, url).toMatch(/^%PUBLIC_URL%(\/|$)/);
    expect(JSON.stringify(filled('https://vocal.example.com'))).not.toContain('%');
  });

  it('lists its valid domains as host names, not URLs (the unified manifest’s validDomains)', () => {
    expect(template.validDomains).toEqual(['%PUBLIC_HOST%']);
    for (const publicUrl of ['https://vocal.example.com', 'https://vocal.example.com:8443']) {
      const domains = filled(publicUrl).validDomains ?? [];
      expect(domains).toEqual([new URL(publicUrl).host]);
      // A host name (with its port where it has one): no scheme, no path.
      for (const domain of domains) expect(domain).toMatch(/^[a-z0-9.-]+(:\d+)?$/);
    }
  });

  it('keeps a stable id and version (Outlook treats a new id as another add-in)', () => {
    expect(template.id).toBe('c2cd3c13-7834-441a-845d-94c3b5858232');
    expect(template.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('puts a button on the compose ribbon that opens the taskpane', () => {
    const manifest = filled('https://vocal.example.com') as unknown as {
      extensions: {
        runtimes: { code: { page: string }; actions: { id: string; type: string }[] }[];
        ribbons: { contexts: string[]; tabs: { groups: { controls: { actionId: string }[] }[] }[] }[];
      }[];
    };
    const [extension] = manifest.extensions;
    const action = extension!.runtimes[0]!.actions[0]!;
    expect(action.type).toBe('openPage');
    expect(extension!.runtimes[0]!.code.page).toBe('https://vocal.example.com/hosts/outlook/taskpane.html');
    expect(extension!.ribbons[0]!.contexts).toEqual(['mailCompose']);
    expect(extension!.ribbons[0]!.tabs[0]!.groups[0]!.controls[0]!.actionId).toBe(action.id);
  });

  it('ships every file it names, at the sizes the schema asks for', () => {
    const publicFolder = join(appFolder, 'public');
    const icons = template.icons as { color: string; outline: string };
    expect(pngSize(join(publicFolder, icons.color))).toEqual({ width: 192, height: 192 });
    expect(pngSize(join(publicFolder, icons.outline))).toEqual({ width: 32, height: 32 });

    const served = strings(template).filter((value) => value.startsWith('%PUBLIC_URL%/hosts/outlook/'));
    for (const url of new Set(served)) {
      const relative = url.slice('%PUBLIC_URL%/hosts/outlook/'.length);
      const file = relative.endsWith('.html') ? join(appFolder, relative) : join(publicFolder, relative);
      expect(existsSync(file), relative).toBe(true);
      const size = /icon-(\d+)\.png$/.exec(relative)?.[1];
      if (size) expect(pngSize(file)).toEqual({ width: Number(size), height: Number(size) });
    }
  });
});
