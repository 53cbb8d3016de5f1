// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppManifestUtils, type AppManifest } from '@microsoft/app-manifest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillManifest } from './manifest-fill.ts';

const appFolder = import.meta.dirname;
const template = readFileSync(join(appFolder, 'manifest.json'), 'utf8');
const schema = JSON.parse(readFileSync(join(appFolder, 'chrome-manifest.schema.json'), 'utf8')) as object;

type Manifest = {
  permissions: string[];
  host_permissions: string[];
  icons: Record<string, string>;
  action: { default_popup: string; default_icon: Record<string, string> };
  background: { service_worker: string };
  content_scripts: { matches: string[]; js: string[] }[];
  web_accessible_resources: { resources: string[]; matches: string[] }[];
  externally_connectable: { matches: string[] };
  homepage_url: string;
  [key: string]: unknown;
};
const filled = (server: string) => JSON.parse(fillManifest(template, new URL(server))) as Manifest;

/** Validates with the ajv that @microsoft/app-manifest bundles (as Zoho's and Outlook's checks do), with our schema. */
const validate = (manifest: unknown) =>
  AppManifestUtils.validateAgainstSchema(manifest as AppManifest, schema as Parameters<typeof AppManifestUtils.validateAgainstSchema>[1]);

/** The PNG's width and height, read from its IHDR chunk. */
function pngSize(path: string) {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the Chrome extension’s manifest.json', () => {
  beforeEach(() => {
    // Offline: the schema is ours, in the repository; nothing may be fetched.
    vi.stubGlobal('fetch', () => Promise.reject(new Error('No network in tests')));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['https://vocal.example.com', 'http://localhost:3000', 'http://127.0.0.1:41234'])(
    'validates once built for %s',
    async (server) => {
      expect(await validate(filled(server))).toEqual([]);
    },
  );

  it('is really checked: each rule refuses a manifest that breaks it', async () => {
    const broken: [string, (manifest: Manifest) => void, RegExp][] = [
      ['Manifest V2', (manifest) => (manifest.manifest_version = 2), /manifest_version/],
      ['a background page', (manifest) => (manifest.background = { scripts: ['bg.js'] } as never), /background/],
      ['a permission Chrome does not have', (manifest) => manifest.permissions.push('microphone'), /permissions/],
      ['a host that is no match pattern', (manifest) => manifest.host_permissions.push('mail.google.com'), /host_permissions/],
      ['any page may hand it a code', (manifest) => (manifest.externally_connectable.matches = ['https://*/*']), /externally_connectable/],
      [
        'a CSP that loads remote code',
        (manifest) => (manifest.content_security_policy = { extension_pages: "script-src 'self' https://cdn.example" }),
        /content_security_policy/,
      ],
      ['an MV2 string CSP', (manifest) => (manifest.content_security_policy = "script-src 'self'"), /content_security_policy/],
      ['a version Chrome refuses', (manifest) => (manifest.version = '1.02'), /version/],
      ['a key Chrome does not know', (manifest) => (manifest.browser_action = {}), /additional/],
    ];
    for (const [why, breakIt, expected] of broken) {
      const manifest = filled('https://vocal.example.com');
      breakIt(manifest);
      expect((await validate(manifest)).join('\n'), why).toMatch(expected);
    }
  });

  it('asks for the least: storage and scripting, Gmail and our server, no <all_urls> and no wildcard host', () => {
    const manifest = filled('https://vocal.example.com');
    expect(manifest.permissions).toEqual(['storage', 'scripting']);
    expect(manifest.host_permissions).toEqual(['https://mail.google.com/*', 'https://vocal.example.com/*']);
    expect(manifest.content_scripts).toEqual([{ matches: ['https://mail.google.com/*'], js: ['content.js'], run_at: 'document_idle' }]);
    // Only Gmail may frame the recorder, and only our server's pages may hand over a sign-in code.
    expect(manifest.web_accessible_resources).toEqual([{ resources: ['compose.html'], matches: ['https://mail.google.com/*'] }]);
    expect(manifest.externally_connectable).toEqual({ matches: ['https://vocal.example.com/*'] });
    expect(manifest.homepage_url).toBe('https://vocal.example.com/');
    expect(template).not.toMatch(/<all_urls>|\*:\/\/\*|https?:\/\/\*\//);
  });

  it('names the server only through its two placeholders, filled with scheme, host and port', () => {
    expect(JSON.stringify(filled('http://localhost:3000'))).not.toContain('%');
    expect(filled('http://localhost:3000').host_permissions[1]).toBe('http://localhost:3000/*');
    expect(template.match(/%[A-Z_]+%/g)?.sort()).toEqual(['%SERVER_MATCH%', '%SERVER_MATCH%', '%SERVER_ORIGIN%']);
  });

  it('names only files the build makes, with icons at the sizes they claim', () => {
    const manifest = filled('https://vocal.example.com');
    for (const [size, path] of [...Object.entries(manifest.icons), ...Object.entries(manifest.action.default_icon)]) {
      expect(pngSize(join(appFolder, 'public', path)), path).toEqual({ width: Number(size), height: Number(size) });
    }
    for (const page of [manifest.action.default_popup, ...manifest.web_accessible_resources[0]!.resources, 'permission.html']) {
      expect(existsSync(join(appFolder, page)), page).toBe(true);
    }
    // The service worker's and the content script's names are fixed by the two Vite configs.
    expect(readFileSync(join(appFolder, 'vite.config.ts'), 'utf8')).toContain(`'${manifest.background.service_worker}'`);
    expect(readFileSync(join(appFolder, 'vite.content.config.ts'), 'utf8')).toContain(`'${manifest.content_scripts[0]!.js[0]}'`);
  });
});
