// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppManifestUtils, type AppManifest } from '@microsoft/app-manifest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const appFolder = import.meta.dirname;
const packageFolder = join(appFolder, 'public');
const source = readFileSync(join(packageFolder, 'plugin-manifest.json'), 'utf8');
const schema = JSON.parse(readFileSync(join(appFolder, 'plugin-manifest.schema.json'), 'utf8')) as object;

type Widget = { name: string; location: string; url: string; logo?: string; icon?: string };
type PluginManifest = {
  locale?: string[];
  whiteListedDomains: string[];
  modules: { widgets: Widget[] };
  [key: string]: unknown;
};

/** What the server does as it serves plugin-manifest.json (apps/api host-app-routes). */
const fill = (text: string, publicUrl: string) =>
  text.replaceAll('%PUBLIC_URL%', publicUrl).replaceAll('%PUBLIC_HOST%', new URL(publicUrl).host);
const filled = (publicUrl: string) => JSON.parse(fill(source, publicUrl)) as PluginManifest;
const template = JSON.parse(source) as PluginManifest;

/** Validates with the ajv that @microsoft/app-manifest bundles: the same code path as Outlook's check, our schema. */
const validate = (manifest: unknown) =>
  AppManifestUtils.validateAgainstSchema(manifest as AppManifest, schema as Parameters<typeof AppManifestUtils.validateAgainstSchema>[1]);

/** The PNG's width and height, read from its IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the Zoho Mail plugin-manifest.json', () => {
  beforeEach(() => {
    // Offline: the schema is ours, in the repository; nothing may be fetched.
    vi.stubGlobal('fetch', () => Promise.reject(new Error('No network in tests')));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['https://vocal.example.com', 'http://localhost:3000'])('validates against our schema once served from %s', async (publicUrl) => {
    expect(await validate(filled(publicUrl))).toEqual([]);
  });

  it('is really checked: each rule of Zoho’s guide refuses a manifest that breaks it', async () => {
    const base = () => filled('https://vocal.example.com');
    const broken: [string, (manifest: PluginManifest) => void, RegExp][] = [
      ['no whiteListedDomains', (manifest) => delete (manifest as Partial<PluginManifest>).whiteListedDomains, /whiteListedDomains/],
      ['another service', (manifest) => (manifest.service = 'DESK'), /service/],
      ['a location Zoho Mail does not have', (manifest) => (manifest.modules.widgets[0]!.location = 'zoho.mail.compose'), /location/],
      ['a page on someone else’s host', (manifest) => (manifest.modules.widgets[0]!.url = 'https://vocal.example.com/w.html'), /url/],
      ['a name zet refuses', (manifest) => (manifest.modules.widgets[0]!.name = '1 Vocal!'), /name/],
      ['a locale without a default', (manifest) => delete manifest.defaultLocale, /defaultLocale/],
      ['a CSP directive Zoho does not take', (manifest) => (manifest.cspDomains = { 'connect-src': [], 'media-src': [] }), /additional/],
      ['a key Zoho does not know', (manifest) => (manifest.servise = 'MAIL'), /additional/],
    ];
    for (const [why, breakIt, expected] of broken) {
      const manifest = base();
      breakIt(manifest);
      expect((await validate(manifest)).join('\n'), why).toMatch(expected);
    }
  });

  it('names our server only through %PUBLIC_URL%, so each deployment installs its own', () => {
    expect(template.whiteListedDomains).toEqual(['%PUBLIC_URL%']);
    // The widget calls our API and shows pictures from it (waveforms, avatars); Zoho adds both to the page's policy.
    expect(template.cspDomains).toEqual({ 'connect-src': ['%PUBLIC_URL%'], 'img-src': ['%PUBLIC_URL%'] });
    expect(JSON.stringify(filled('https://vocal.example.com'))).not.toContain('%');
  });

  it('offers both places Zoho Mail has for widgets, each under its own name', () => {
    const widgets = template.modules.widgets;
    expect(widgets.map((widget) => widget.location).sort()).toEqual(['zoho.mail.attachment.popup', 'zoho.mail.preview.rightpanel']);
    expect(new Set(widgets.map((widget) => widget.name)).size).toBe(widgets.length);
  });

  it('names only files the package has, with the images at the sizes Zoho shows them', () => {
    // The widget pages are built (app/*.html at the app's root, package.test.ts checks the build); the rest is public/.
    for (const widget of template.modules.widgets) expect(existsSync(join(appFolder, widget.url)), widget.url).toBe(true);
    const named = template.modules.widgets.flatMap((widget) => [widget.logo, widget.icon]).filter(Boolean) as string[];
    for (const file of named) expect(existsSync(join(packageFolder, file)), file).toBe(true);
    for (const locale of template.locale ?? []) {
      expect(existsSync(join(packageFolder, 'app', 'translations', `${locale}.json`)), locale).toBe(true);
    }
    for (const widget of template.modules.widgets) {
      expect(pngSize(join(packageFolder, widget.logo!))).toEqual({ width: 120, height: 120 });
      expect(pngSize(join(packageFolder, widget.icon!))).toEqual({ width: 32, height: 32 });
    }
  });
});
