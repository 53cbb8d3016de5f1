import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST_APPS as HOST_REGISTRY, type HostAppRegistry } from '@vocal/settings-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { hostAppPolicyOf } from './host-app-policies.ts';
import { HOST_APP_IDS as HOST_APPS } from '@vocal/settings-model';
import { cspDirectives as directives } from '../../test/harness/csp-directives.ts';
import { startTestServer, type TestServer } from '../../test/harness/test-server.ts';

const HARNESS = 'http://127.0.0.1:4567';

/**
 * Origins each host's documentation names, checked by name (the table could be wrong as a
 * whole; these must be in it): Teams' tab requirements, Zendesk's agent workspace, Front's
 * app, Zoho Mail's data centres. A host not built yet lets in no one but us.
 */
const DOCUMENTED: Record<(typeof HOST_APPS)[number], { ancestors: string[]; scripts: string[] }> = {
  outlook: {
    ancestors: ['https://*.cloud.microsoft', 'https://*.office.com', 'https://outlook.office365.com'],
    // office.js, and the MicrosoftAjax.js its Outlook files load (outlook-web-16.01.js: loadMsAjaxFull).
    scripts: ['https://appsforoffice.microsoft.com', 'https://ajax.aspnetcdn.com'],
  },
  'ms-teams': { ancestors: ['https://*.cloud.microsoft', 'https://teams.microsoft.com', 'https://*.teams.microsoft.com'], scripts: [] },
  zendesk: { ancestors: ['https://*.zendesk.com'], scripts: ['https://static.zdassets.com'] },
  'front-app': { ancestors: ['https://*.frontapp.com', 'https://*.frontapplication.com'], scripts: [] },
  'zoho-mail': { ancestors: ['https://*.zoho.com', 'https://*.zoho.eu', 'https://*.zoho.in'], scripts: ['https://static.zohocdn.com'] },
  'google-meet': { ancestors: ['https://meet.google.com'], scripts: [] },
  'google-docs': { ancestors: ['https://docs.google.com', 'https://*.googleusercontent.com'], scripts: [] },
  'chrome-extension': { ancestors: [], scripts: [] },
};

describe('who may frame each host app, and where its SDK may load from', () => {
  it('takes a host added to the registry through to its pages’ policy', () => {
    const frame = { frameAncestors: ['https://*.acmedesk.example'], scriptSources: ['https://cdn.acmedesk.example'] };
    const registry: HostAppRegistry = {
      ...HOST_REGISTRY,
      'acme-desk': {
        name: 'Acme Desk',
        platforms: ['acme-desk'],
        frame,
        entryPages: [{ path: '/addons/acme', file: 'panel.html', how: 'serve', what: 'panel' }],
        address: 'https',
      },
    };
    expect(hostAppPolicyOf('/hosts/acme-desk/panel.html', registry)).toEqual(frame);
    expect(hostAppPolicyOf('/addons/acme', registry)).toEqual(frame);
    expect(hostAppPolicyOf('/hosts/acme-desk/panel.html')).toBeNull();
  });

  let apps: string;
  let server: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    apps = await mkdtemp(join(tmpdir(), 'vocal-host-frames-'));
    for (const host of HOST_APPS) {
      await mkdir(join(apps, host, 'dist'), { recursive: true });
      await writeFile(join(apps, host, 'dist', 'index.html'), '<!doctype html><title>Host app</title>');
    }
    await writeFile(join(apps, 'google-meet', 'dist', 'side-panel.html'), '<!doctype html><title>Meet side panel</title>');
    [server, plain] = await Promise.all([
      startTestServer('pglite', { HOST_APPS_DIR: apps, HOST_FRAME_ANCESTORS: `${HARNESS}/` }),
      startTestServer('pglite', { HOST_APPS_DIR: apps }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), plain?.close()]);
    await rm(apps, { recursive: true, force: true });
  });

  it.each(HOST_APPS)('%s: its host’s pages, ours, and HOST_FRAME_ANCESTORS only', async (host) => {
    const { frameAncestors, scriptSources } = HOST_REGISTRY[host].frame;
    const documented = DOCUMENTED[host];
    expect(frameAncestors).toEqual(documented.ancestors.length ? expect.arrayContaining(documented.ancestors) : []);
    expect(scriptSources).toEqual(documented.scripts.length ? expect.arrayContaining(documented.scripts) : []);
    const response = await fetch(`${server.url}/hosts/${host}/index.html`);
    expect(response.status).toBe(200);
    const policy = directives(response.headers.get('content-security-policy'));
    expect(policy.get('frame-ancestors')).toEqual(["'self'", ...frameAncestors, HARNESS]);
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(policy.get('script-src')).toEqual([
      "'self'",
      expect.stringMatching(/^'nonce-/),
      'blob:',
      "'wasm-unsafe-eval'",
      ...scriptSources,
    ]);
    // Every ancestor is an https origin or a wildcard of one: nothing a harness could be.
    for (const ancestor of frameAncestors) expect(ancestor).toMatch(/^https:\/\/(\*\.)?[a-z0-9.-]+$/);

    // Without HOST_FRAME_ANCESTORS, a page on 127.0.0.1 is no host.
    const unconfigured = directives((await fetch(`${plain.url}/hosts/${host}/index.html`)).headers.get('content-security-policy'));
    expect(unconfigured.get('frame-ancestors')).toEqual(["'self'", ...frameAncestors]);
  });

  it('serves Meet’s side panel at /addons/meet, framed by Meet as the add-on’s other pages', async () => {
    const response = await fetch(`${plain.url}/addons/meet?project=123456`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Meet side panel</title>');
    expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
      "'self'",
      'https://meet.google.com',
    ]);
    expect(response.headers.get('x-frame-options')).toBeNull();
    // Nothing else under /addons/ is the add-on's: the web app's pages keep their own rule.
    const other = await fetch(`${plain.url}/addons/meet/other`);
    expect(directives(other.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('lets Google Docs’ add-on sidebar frame the web app’s /record/google-workspace, and only that page', async () => {
    const response = await fetch(`${plain.url}/record/google-workspace?handoff=x`);
    expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
      "'self'",
      'https://docs.google.com',
      'https://*.googleusercontent.com',
    ]);
    expect(response.headers.get('x-frame-options')).toBeNull();
    // Its record window and the Gmail recorder are windows of their own: framed by us alone.
    for (const path of ['/record/google-workspace/window', '/record/gmail/AbCdEfGhIjKlMnOpQrStUv']) {
      const other = await fetch(`${plain.url}${path}`);
      expect(directives(other.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'self'"]);
    }
  });

  it('sends no frame rule of a host on what is not a page, and none of the hosts’ on the app’s own pages', async () => {
    const missing = await fetch(`${server.url}/hosts/zendesk/nothing.html`);
    expect(missing.status).toBe(404);
    expect(directives(missing.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
    const dashboard = await fetch(`${server.url}/recordings`);
    expect(directives(dashboard.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('refuses a HOST_FRAME_ANCESTORS entry that is not an origin', () => {
    expect(() => loadConfig({ HOST_FRAME_ANCESTORS: "https://ok.example, 'unsafe-inline'" })).toThrow(
      /HOST_FRAME_ANCESTORS.*scheme:\/\/host/s,
    );
  });
});
