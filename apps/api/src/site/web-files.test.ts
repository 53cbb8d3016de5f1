import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROUTE_PATHS_FILE } from '@vocal/settings-model';
import { backends, startTestServer, type TestServer } from '../../test/harness/test-server.ts';

const YEAR = 'public, max-age=31536000, immutable';

describe.each(backends)('the web build as served, on %s', (backend) => {
  let server: TestServer;
  let withMaps: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
    withMaps = await startTestServer(backend, { SERVE_SOURCE_MAPS: 'true' });
    for (const running of [server, withMaps]) {
      await writeFile(join(running.dataDir, 'web', 'assets', 'app-1234.js.map'), '{"version":3,"sources":["secret.ts"]}');
      await writeFile(join(running.dataDir, 'host-apps', 'outlook', 'dist', 'assets', 'taskpane-1.js.map'), '{"version":3}');
    }
    // What the web build writes from its route table (apps/web/scripts/write-route-paths.ts).
    await writeFile(
      join(server.dataDir, 'web', WEB_ROUTE_PATHS_FILE),
      JSON.stringify({ paths: ['/', '/settings/profile', '/listen/:id'] }),
    );
  });
  afterAll(async () => {
    await server.close();
    await withMaps.close();
  });

  const get = async (target: TestServer, path: string) => {
    const response = await fetch(`${target.url}${path}`);
    return { status: response.status, cache: response.headers.get('cache-control'), text: await response.text() };
  };

  it('only files that exist under assets/ are cached for a year', async () => {
    expect(await get(server, '/assets/app-1234.js')).toMatchObject({ status: 200, cache: YEAR });
    for (const path of ['/assets/%2e%2e%2findex.html', '/assets/..%2findex.html', '/assets/%2E%2E/%2E%2E/index.html']) {
      const reply = await get(server, path);
      expect(reply.cache, path).not.toMatch(/max-age=[1-9]|immutable/);
    }
    const missing = await get(server, '/assets/gone-5678.js');
    expect(missing).toMatchObject({ status: 404, cache: 'no-store' });
    expect(JSON.parse(missing.text)).toEqual({ msg: 'File not found' });
  });

  it('sends a text file compressed as the browser accepts: the build’s Brotli form, else gzip; its ETag makes a reload a 304', async () => {
    const script = `export const words = ${JSON.stringify('a voice message, '.repeat(400))};\n`;
    const assets = join(server.dataDir, 'web', 'assets');
    await writeFile(join(assets, 'words-1.js'), script);
    await writeFile(join(assets, 'words-1.js.br'), brotliCompressSync(script));
    await writeFile(join(assets, 'plain-1.js'), script);
    const load = async (path: string, acceptEncoding: string, ifNoneMatch?: string) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { 'accept-encoding': acceptEncoding, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
      });
      const headers = response.headers;
      return {
        status: response.status,
        encoding: headers.get('content-encoding'),
        vary: headers.get('vary'),
        etag: headers.get('etag'),
        text: await response.text(),
      };
    };

    const brotli = await load('/assets/words-1.js', 'gzip, deflate, br, zstd');
    expect(brotli).toMatchObject({ status: 200, encoding: 'br', vary: 'Accept-Encoding', text: script });
    expect(await load('/assets/words-1.js', 'gzip')).toMatchObject({ encoding: 'gzip', text: script });
    expect(await load('/assets/words-1.js', 'br;q=0.5, gzip')).toMatchObject({ encoding: 'gzip', text: script });
    expect(await load('/assets/words-1.js', 'br;q=0, *')).toMatchObject({ encoding: 'gzip', text: script });
    expect(await load('/assets/words-1.js', 'identity')).toMatchObject({ encoding: null, text: script });
    // No Brotli form beside it: gzip, made by the server.
    expect(await load('/assets/plain-1.js', 'br, gzip')).toMatchObject({ encoding: 'gzip', text: script });

    expect(brotli.etag).toMatch(/^"[\w-]+"$/);
    expect(await load('/assets/words-1.js', 'br', brotli.etag!)).toMatchObject({ status: 304, etag: brotli.etag, text: '' });
    // Another file's tag is not this one's.
    expect((await load('/assets/plain-1.js', 'br', '"another"')).status).toBe(200);
  });

  it("a path of the app's route table gets the app with 200, any other the app with 404", async () => {
    for (const path of ['/', '/settings/profile', '/Settings/Profile/']) {
      expect(await get(server, path), path).toMatchObject({ status: 200, text: expect.stringContaining('Vocal test app') });
    }
    for (const path of ['/no-such-page', '/settings/profile/extra', '/listen', '/listen/a/b', '/settings/profile.']) {
      // The app's own page, so the visitor still sees the app's 404 and a way back.
      expect(await get(server, path), path).toMatchObject({
        status: 404,
        cache: 'no-cache',
        text: expect.stringContaining('Vocal test app'),
      });
    }
    expect((await fetch(`${server.url}/no-such-page`, { method: 'HEAD' })).status).toBe(404);
    // Without the list (a build from before it), every path is still the app's.
    expect((await get(withMaps, '/no-such-page')).status).toBe(200);
  });

  it("sends /favicon.ico to the build's icon, and answers 404 for it when the build has none", async () => {
    await writeFile(join(withMaps.dataDir, 'web', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const redirected = await fetch(`${withMaps.url}/favicon.ico`, { redirect: 'manual' });
    expect([redirected.status, redirected.headers.get('location')]).toEqual([301, '/favicon.svg']);
    const icon = await fetch(`${withMaps.url}/favicon.ico`);
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect((await fetch(`${server.url}/favicon.ico`, { redirect: 'manual' })).status).toBe(404);
  });

  it("the same holds for a host app's assets", async () => {
    const escaped = await get(server, '/hosts/outlook/assets/%2e%2e%2ftaskpane.html');
    expect(escaped.cache ?? '').not.toMatch(/immutable/);
    const outside = await get(server, '/hosts/outlook/%2e%2e%2f%2e%2e%2fweb%2findex.html');
    expect(outside).toMatchObject({ status: 404, cache: 'no-store' });
    expect(await get(server, '/hosts/outlook/assets/none-1.js')).toMatchObject({ status: 404, cache: 'no-store' });
  });

  it('source maps are not served unless SERVE_SOURCE_MAPS says so', async () => {
    expect(await get(server, '/assets/app-1234.js.map')).toMatchObject({ status: 404, cache: 'no-store' });
    expect((await get(server, '/hosts/outlook/assets/taskpane-1.js.map')).status).toBe(404);
    expect(await get(withMaps, '/assets/app-1234.js.map')).toMatchObject({ status: 200, text: expect.stringContaining('secret.ts') });
    expect((await get(withMaps, '/hosts/outlook/assets/taskpane-1.js.map')).status).toBe(200);
  });
});
