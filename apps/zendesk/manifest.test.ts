// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillPublicUrl } from './scripts/app-package.ts';

const appFolder = import.meta.dirname;
const read = (path: string) => readFileSync(join(appFolder, path), 'utf8');
const source = read('manifest.json');

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Manifest = {
  defaultLocale: string;
  location: { support: { ticket_sidebar: { url: string } } };
  parameters: { name: string; type?: string; secure?: boolean }[];
  [key: string]: Json;
};
const filled = (publicUrl: string) => JSON.parse(fillPublicUrl(source, publicUrl)) as Manifest;

/** Our JSON Schemas (written from Zendesk's manifest guide), read as zod schemas: no network, no other validator. */
const schema = (file: string) => z.fromJSONSchema(JSON.parse(read(join('schema', file))) as Parameters<typeof z.fromJSONSchema>[0]);
const problems = (file: string, value: unknown) => {
  const result = schema(file).safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

function strings(value: Json): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The PNG's size and colour type, read from its IHDR chunk (type 6: RGB with alpha). */
function png(path: string): { width: number; height: number; alpha: boolean } {
  const bytes = readFileSync(join(appFolder, path));
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), alpha: bytes[25] === 6 };
}

describe('the Zendesk app manifest', () => {
  beforeEach(() => {
    // Offline: everything here reads files in the repo; a lookup on the network would fail.
    vi.stubGlobal('fetch', () => Promise.reject(new Error('No network in tests')));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['https://vocal.example.com', 'http://localhost:3000'])('validates against our schema once filled for %s', (publicUrl) => {
    expect(problems('zendesk-manifest.schema.json', filled(publicUrl))).toEqual([]);
  });

  it('is really checked: each broken manifest fails', () => {
    const broken: [string, (manifest: Manifest) => void][] = [
      ['no author', (manifest) => delete manifest.author],
      ['framework 1.0', (manifest) => (manifest.frameworkVersion = '1.0')],
      ['a location over plain http', (manifest) => (manifest.location.support.ticket_sidebar.url = 'http://vocal.example.com/x')],
      ['an unknown location', (manifest) => ((manifest.location.support as Record<string, unknown>).ticket_sidebarr = 'https://x.example')],
      ['a secret in a plain setting', (manifest) => manifest.parameters.push({ name: 'api_token', type: 'text' })],
      ['a required hidden setting', (manifest) => manifest.parameters.push({ name: 'x', type: 'hidden', required: true } as never)],
      ['an unknown setting type', (manifest) => manifest.parameters.push({ name: 'x', type: 'colour' })],
      ['a locale that is no locale', (manifest) => (manifest.defaultLocale = 'english')],
      ['an unknown key', (manifest) => (manifest.locations = {})],
    ];
    for (const [name, breakIt] of broken) {
      const manifest = filled('https://vocal.example.com');
      breakIt(manifest);
      expect(problems('zendesk-manifest.schema.json', manifest), name).not.toEqual([]);
    }
  });

  it('names every address through %PUBLIC_URL%, so each deployment installs its own', () => {
    const template = JSON.parse(source) as Json;
    const urls = strings(template).filter((value) => value.includes('://') || value.includes('%'));
    expect(urls).toEqual(['support@%PUBLIC_HOST%', '%PUBLIC_URL%', '%PUBLIC_URL%/hosts/zendesk/sidebar.html']);
    expect(JSON.stringify(filled('https://vocal.example.com'))).not.toContain('%');
  });

  it('puts the sidebar page in the ticket sidebar, the page this app builds', () => {
    const manifest = filled('https://vocal.example.com');
    expect(manifest.location.support.ticket_sidebar.url).toBe('https://vocal.example.com/hosts/zendesk/sidebar.html');
    expect(manifest.frameworkVersion).toBe('2.0');
    expect(existsSync(join(appFolder, 'sidebar.html'))).toBe(true);
  });

  it('holds nothing secret: no secure settings, no text settings to put a key in', () => {
    // Sign-in happens in our own window (tokens in memory); Zendesk keeps no credential of ours.
    const { parameters } = filled('https://vocal.example.com');
    expect(parameters.filter((parameter) => parameter.secure)).toEqual([]);
    expect(parameters.map((parameter) => parameter.type)).toEqual(['checkbox']);
  });

  it('ships the default locale’s translations, describing the app and labelling every setting', () => {
    const manifest = filled('https://vocal.example.com');
    const translations = JSON.parse(read(`translations/${manifest.defaultLocale}.json`)) as {
      app: { parameters: Record<string, { label: string }> };
    };
    expect(problems('zendesk-translations.schema.json', translations)).toEqual([]);
    // The Marketplace's four texts are there too, so the app could be listed publicly.
    expect(Object.keys(translations.app)).toEqual(
      expect.arrayContaining(['name', 'short_description', 'long_description', 'installation_instructions']),
    );
    expect(Object.keys(translations.app.parameters)).toEqual(manifest.parameters.map((parameter) => parameter.name));
    expect(problems('zendesk-translations.schema.json', { app: { short_description: 'No name' } })).not.toEqual([]);
  });

  it('ships the icons the Marketplace asks for, at their sizes', () => {
    expect(png('assets/logo.png')).toMatchObject({ width: 320, height: 320 });
    // The small icon is a PNG-24 with transparency.
    expect(png('assets/logo-small.png')).toEqual({ width: 128, height: 128, alpha: true });
  });
});
