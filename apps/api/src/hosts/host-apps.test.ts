import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness/test-server.ts';

describe('host apps served at /hosts/{host}/', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { PUBLIC_URL: 'https://voice.example.com' });
  });
  afterAll(() => server.close());

  it('serves a host app’s files, and its manifest with the public URL filled in', async () => {
    const page = await fetch(`${server.url}/hosts/outlook/taskpane.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const manifest = await fetch(`${server.url}/hosts/outlook/manifest.json`);
    expect(await manifest.json()).toEqual({
      taskpane: 'https://voice.example.com/hosts/outlook/taskpane.html',
      domain: 'voice.example.com',
    });
  });

  it('leads /teams, the spec’s address of the Teams app, to the Teams tab, keeping its query', async () => {
    const response = await fetch(`${server.url}/teams?tab=personal`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/hosts/ms-teams/tab.html?tab=personal');
  });

  it('answers 404 for unknown hosts, missing files and paths that try to leave the build', async () => {
    for (const path of ['/hosts/myspace/index.html', '/hosts/outlook/nothing.html', '/hosts/outlook/..%2F..%2Fserver.json']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('adminToken');
    }
    // Dot segments are resolved before routing, so this one reaches the web app, never the data folder.
    const dotted = await fetch(`${server.url}/hosts/outlook/%2e%2e/%2e%2e/%2e%2e/server.json`);
    expect(await dotted.text()).not.toContain('adminToken');
  });
});
