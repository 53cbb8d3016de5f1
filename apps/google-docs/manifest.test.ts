import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENTRY_POINTS } from './src/host/add-on.ts';
import { buildAppsScript } from './scripts/build.ts';
import { appsScriptSchema as schema } from './scripts/add-on-manifest.ts';
import { fillPublicUrl } from './scripts/prepare-clasp.ts';

const appFolder = import.meta.dirname;
const read = (path: string) => readFileSync(join(appFolder, path), 'utf8');

type Manifest = {
  oauthScopes: string[];
  urlFetchWhitelist: string[];
  addOns: {
    common: {
      name: string;
      logoUrl: string;
      homepageTrigger: { runFunction: string };
      openLinkUrlPrefixes: string[];
      [key: string]: unknown;
    };
    gmail: { composeTrigger: { selectActions: { text: string; runFunction: string }[]; draftAccess?: string } };
    [key: string]: unknown;
  };
  [key: string]: unknown;
};
const filled = (publicUrl: string) => JSON.parse(fillPublicUrl(read('appsscript.json'), publicUrl)) as Manifest;

const problems = (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the Apps Script manifest', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', () => Promise.reject(new Error('No network in tests')));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('validates against our schema once filled with an https address', () => {
    expect(problems(filled('https://vocal.example.com'))).toEqual([]);
  });

  it('is really checked: each broken manifest fails', () => {
    const broken: [string, (manifest: Manifest) => void][] = [
      ['a misspelt key', (manifest) => (manifest.runtimeVersio = 'V8')],
      ['the Rhino runtime misspelt', (manifest) => (manifest.runtimeVersion = 'v8')],
      ['no scopes', (manifest) => (manifest.oauthScopes = [])],
      ['a scope that is not a URL', (manifest) => manifest.oauthScopes.push('gmail.compose')],
      ['fetches over http', (manifest) => (manifest.urlFetchWhitelist = ['http://vocal.example.com/'])],
      ['a fetch prefix without its slash', (manifest) => (manifest.urlFetchWhitelist = ['https://vocal.example.com'])],
      ['an http logo', (manifest) => (manifest.addOns.common.logoUrl = 'http://vocal.example.com/logo.png')],
      ['no add-on name', (manifest) => delete (manifest.addOns.common as Record<string, unknown>).name],
      ['a compose trigger without actions', (manifest) => (manifest.addOns.gmail.composeTrigger.selectActions = [])],
      ['a function name with a dot', (manifest) => (manifest.addOns.gmail.composeTrigger.selectActions[0]!.runFunction = 'Vocal.compose')],
      ['an unknown draft access', (manifest) => (manifest.addOns.gmail.composeTrigger.draftAccess = 'FULL')],
      ['an unknown host', (manifest) => (manifest.addOns.gmial = {})],
      ['a colour by name', (manifest) => (manifest.addOns.common.layoutProperties = { primaryColor: 'blue' })],
    ];
    for (const [what, breakIt] of broken) {
      const manifest = filled('https://vocal.example.com');
      breakIt(manifest);
      expect(problems(manifest), what).not.toEqual([]);
    }
  });

  it('asks only for the scopes the add-on uses', () => {
    expect(filled('https://vocal.example.com').oauthScopes.sort()).toEqual([
      'https://www.googleapis.com/auth/documents.currentonly',
      'https://www.googleapis.com/auth/gmail.addons.current.action.compose',
      'https://www.googleapis.com/auth/gmail.addons.execute',
      'https://www.googleapis.com/auth/script.container.ui',
      'https://www.googleapis.com/auth/script.external_request',
    ]);
  });

  it('lets the add-on reach and open only our server', () => {
    const manifest = filled('https://vocal.example.com');
    expect(manifest.urlFetchWhitelist).toEqual(['https://vocal.example.com/']);
    expect(manifest.addOns.common.openLinkUrlPrefixes).toEqual(['https://vocal.example.com/']);
    expect(manifest.addOns.common.logoUrl).toBe('https://vocal.example.com/hosts/google-docs/logo.png');
  });
});

describe('the built Code.js', () => {
  let code: string;
  // Built aside, not into dist/: the server may be serving dist/ to another test meanwhile.
  const folder = mkdtempSync(join(tmpdir(), 'vocal-google-docs-'));
  beforeAll(async () => {
    await buildAppsScript({ dist: folder });
    code = readFileSync(join(folder, 'Code.js'), 'utf8');
  }, 120_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('declares every function the manifest, the menu and the sidebar name, as Apps Script needs: top-level functions, no modules', () => {
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    const manifest = filled('https://vocal.example.com');
    const sidebar = read('src/host/sidebar.html');
    const named = [
      manifest.addOns.common.homepageTrigger.runFunction,
      ...manifest.addOns.gmail.composeTrigger.selectActions.map((action) => action.runFunction),
      ...[...read('src/host/gmail-add-on.ts').matchAll(/button\('[^']+', '(\w+)'/g)].map((match) => match[1]!),
      ...[...read('src/host/docs-add-on.ts').matchAll(/addItem\('[^']+', '(\w+)'\)/g)].map((match) => match[1]!),
      ...[...sidebar.matchAll(/\.(\w+)\([^)]*\);?\s*$/gm)]
        .map((match) => match[1]!)
        .filter((name) => name.endsWith('VocalRecording') || name === 'newVocalHandoff'),
      'onOpen',
      'onInstall',
    ];
    expect(new Set(named)).toEqual(new Set(ENTRY_POINTS));
    const context: Record<string, unknown> = {};
    runInNewContext(code, context);
    for (const name of ENTRY_POINTS) expect(typeof context[name], name).toBe('function');
  });

  it('runs in a bare V8 context over the Apps Script globals: the homepage card', () => {
    const calls: string[] = [];
    const builder = (): unknown =>
      new Proxy(
        {},
        {
          get: (_target, property) =>
            property === 'build'
              ? () => calls.join('|')
              : (...args: unknown[]) => (
                  calls.push(`${String(property)}:${args.filter((arg) => typeof arg === 'string').join(',')}`),
                  builder()
                ),
        },
      );
    const CardService = new Proxy({}, { get: (_target, property) => (String(property).startsWith('new') ? builder : {}) });
    const context: Record<string, unknown> = {
      CardService,
      PropertiesService: { getScriptProperties: () => ({ getProperty: () => null }) },
    };
    runInNewContext(code, context);
    const cards = runInNewContext('onGmailHomepage()', context) as string[];
    expect(cards[0]).toContain('setTitle:Vocal');
  });
});
