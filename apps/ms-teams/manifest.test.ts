// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { AppManifestUtils, type AppManifest } from '@microsoft/app-manifest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const appFolder = import.meta.dirname;
const publicFolder = join(appFolder, 'public');
const source = readFileSync(join(publicFolder, 'manifest.json'), 'utf8');
const served = '%PUBLIC_URL%/hosts/ms-teams/';

/** What the server does as it serves manifest*.json (apps/api host-app-routes). */
function filled(publicUrl: string): AppManifest {
  const text = source.replaceAll('%PUBLIC_URL%', publicUrl).replaceAll('%PUBLIC_HOST%', new URL(publicUrl).host);
  return JSON.parse(text) as AppManifest;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const template = JSON.parse(source) as { [key: string]: Json };
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function strings(value: Json): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/**
 * An 8-bit RGBA PNG's size and pixels (what our icon renderer writes): enough to check
 * that Teams' outline icon is white on transparent, as its guidelines ask.
 */
function readPng(path: string) {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  expect([bytes[24], bytes[25], bytes[28]], 'bit depth 8, RGBA, not interlaced').toEqual([8, 6, 0]);
  const data: Buffer[] = [];
  for (let offset = 8; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    if (bytes.toString('latin1', offset + 4, offset + 8) === 'IDAT') data.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += length + 12;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= 4 ? pixels[y * stride + x - 4]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4]! : 0;
      const paeth = () => {
        const estimate = left + up - upLeft;
        const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, filter === 4 ? paeth() : 0][filter]!;
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, pixels };
}

describe('the Teams app manifest', () => {
  beforeEach(() => {
    // Offline: validation must use the schemas bundled in @microsoft/app-manifest, never the network.
    vi.stubGlobal('fetch', () => Promise.reject(new Error('No network in tests')));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names a schema that @microsoft/app-manifest bundles, at version 1.17 or later', () => {
    const schemaPath = String(template.$schema).replace('https://developer.microsoft.com/', '');
    const packageFolder = dirname(createRequire(import.meta.url).resolve('@microsoft/app-manifest/package.json'));
    expect(existsSync(join(packageFolder, 'build', schemaPath))).toBe(true);
    const version = schemaPath.match(/teams\/v([\d.]+)\//)?.[1];
    expect(template.manifestVersion).toBe(version);
    expect(Number(version!.split('.')[1])).toBeGreaterThanOrEqual(17);
  });

  it.each(['https://vocal.example.com', 'http://localhost:3000'])(
    'validates against that schema once served from %s',
    async (publicUrl) => {
      expect(await AppManifestUtils.validateAgainstSchema(filled(publicUrl))).toEqual([]);
    },
  );

  it('validates with the webApplicationInfo the server adds when Microsoft sign-in is on', async () => {
    const clientId = '9d3f0c1e-2b4a-4c6d-8e7f-0a1b2c3d4e5f';
    const withSingleSignOn = {
      ...filled('https://vocal.example.com:8443'),
      webApplicationInfo: { id: clientId, resource: `api://vocal.example.com:8443/${clientId}` },
    };
    expect(await AppManifestUtils.validateAgainstSchema(withSingleSignOn as AppManifest)).toEqual([]);
    const notAGuid = { ...withSingleSignOn, webApplicationInfo: { id: 'vocal', resource: 'api://vocal.example.com/vocal' } };
    expect(await AppManifestUtils.validateAgainstSchema(notAGuid as AppManifest)).not.toEqual([]);
  });

  it('is really checked: no developer, an unknown device permission or two configurable tabs fail', async () => {
    const base = filled('https://vocal.example.com') as unknown as { [key: string]: Json };
    const noDeveloper = copy(base);
    delete noDeveloper.developer;
    expect((await AppManifestUtils.validateAgainstSchema(noDeveloper as unknown as AppManifest)).join('\n')).toMatch(/developer/);

    const badPermission = { ...copy(base), devicePermissions: ['microphone'] };
    expect(await AppManifestUtils.validateAgainstSchema(badPermission as unknown as AppManifest)).not.toEqual([]);

    const tabs = base.configurableTabs as Json[];
    const twoTabs = { ...copy(base), configurableTabs: [...tabs, ...tabs] };
    expect(await AppManifestUtils.validateAgainstSchema(twoTabs as unknown as AppManifest)).not.toEqual([]);
  });

  it('names every URL through %PUBLIC_URL% and trusts only our own host', () => {
    const urls = strings(template).filter((value) => value.includes('://') || value.startsWith('%'));
    const ours = urls.filter((value) => value !== template.$schema && value !== '%PUBLIC_HOST%');
    expect(ours.length).toBeGreaterThan(4);
    for (const url of ours) expect(url, url).toMatch(/^%PUBLIC_URL%(\/|$)/);
    expect(template.validDomains).toEqual(['%PUBLIC_HOST%']);
    expect(filled('http://localhost:3000').validDomains).toEqual(['localhost:3000']);
    expect(JSON.stringify(filled('https://vocal.example.com'))).not.toContain('%');
  });

  it('keeps a stable id and a semantic version (Teams treats a new id as another app)', () => {
    expect(template.id).toBe('3fa3c9b0-e753-43bf-b2e5-c3158e769fe0');
    expect(template.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('asks for the microphone, and carries no single sign-on block the server cannot fill', () => {
    expect(template.devicePermissions).toEqual(['media']);
    // webApplicationInfo needs the deployment's own Entra app id: README explains adding it (see "Microsoft sign-in").
    expect(template.webApplicationInfo).toBeUndefined();
  });

  it('has a personal tab and a configurable tab for channels and chats, on our pages', () => {
    const manifest = filled('https://vocal.example.com') as unknown as {
      staticTabs: { entityId: string; contentUrl: string; scopes: string[] }[];
      configurableTabs: { configurationUrl: string; canUpdateConfiguration: boolean; scopes: string[] }[];
    };
    expect(manifest.staticTabs).toHaveLength(1);
    expect(manifest.staticTabs[0]).toMatchObject({
      entityId: 'record',
      contentUrl: 'https://vocal.example.com/hosts/ms-teams/tab.html',
      scopes: ['personal'],
    });
    expect(manifest.configurableTabs[0]).toMatchObject({
      configurationUrl: 'https://vocal.example.com/hosts/ms-teams/config.html',
      canUpdateConfiguration: true,
      scopes: ['team', 'groupChat'],
    });
  });

  it('ships every page and icon it names, the icons at the sizes Teams asks for', () => {
    const icons = template.icons as { color: string; outline: string };
    const color = readPng(join(publicFolder, icons.color));
    expect({ width: color.width, height: color.height }).toEqual({ width: 192, height: 192 });
    const outline = readPng(join(publicFolder, icons.outline));
    expect({ width: outline.width, height: outline.height }).toEqual({ width: 32, height: 32 });

    const pages = strings(template).filter((value) => value.startsWith(served));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const url of new Set(pages)) {
      const relative = url.slice(served.length);
      expect(existsSync(relative.endsWith('.html') ? join(appFolder, relative) : join(publicFolder, relative)), relative).toBe(true);
    }
  });

  it('draws the outline icon in white on a transparent background', () => {
    const { pixels } = readPng(join(publicFolder, (template.icons as { outline: string }).outline));
    let drawn = 0;
    let transparent = 0;
    for (let index = 0; index < pixels.length; index += 4) {
      const [red, green, blue, alpha] = [pixels[index]!, pixels[index + 1]!, pixels[index + 2]!, pixels[index + 3]!];
      if (alpha === 0) transparent++;
      else {
        drawn++;
        expect(Math.min(red, green, blue), `pixel ${index / 4}`).toBeGreaterThanOrEqual(250);
      }
    }
    expect(drawn).toBeGreaterThan(30);
    expect(transparent).toBeGreaterThan(pixels.length / 8);
  });
});
