import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { cspDirectives as directives } from '../../test/harness/csp-directives.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';

describe.each(embeddedBackend)('security headers on %s', (backend) => {
  let server: TestServer;
  let behindHttps: TestServer;
  let id: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    // The built pages load their code with module scripts; the stand-in pages do too.
    for (const page of ['listen.html', 'embed.html']) {
      const path = join(server.dataDir, 'web', page);
      const html = await readFile(path, 'utf8');
      // The web build inlines the public pages' stylesheet (vite-plugins/inline-stylesheets.ts).
      await writeFile(
        path,
        html.replace(
          '</head>',
          '<script type="module" crossorigin src="/assets/app-1234.js"></script><style>main{margin:0}</style></head>',
        ),
      );
    }
    behindHttps = await startTestServer(backend, { PUBLIC_URL: 'https://vocal.example' });
    const owner = await server.signUp();
    id = await ownerMessage(server, owner.access);
  });
  afterAll(async () => {
    await server.close();
    await behindHttps.close();
  });

  it('every answer says nosniff and a referrer policy; HSTS only when PUBLIC_URL is https', async () => {
    for (const path of [
      '/',
      `/listen/${id}`,
      '/api/account',
      '/health',
      '/assets/app-1234.js',
      `/files/${id}.png`,
      '/hosts/outlook/taskpane.html',
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
    const secure = await fetch(`${behindHttps.url}/health`);
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it("the app's pages: scripts from our origin or with the nonce only, never inline or eval", async () => {
    for (const path of ['/', '/record', `/listen/${id}`, `/embed/player/${id}`, '/contact-form/abc']) {
      const policy = directives((await fetch(`${server.url}${path}`)).headers.get('content-security-policy'));
      const scripts = policy.get('script-src') ?? [];
      expect(scripts, path).toContain("'self'");
      expect(
        scripts.some((source) => source.startsWith("'nonce-")),
        path,
      ).toBe(true);
      expect(scripts, path).not.toContain("'unsafe-inline'");
      expect(scripts, path).not.toContain("'unsafe-eval'");
      expect(policy.get('object-src'), path).toEqual(["'none'"]);
      expect(policy.get('base-uri'), path).toEqual(["'self'"]);
      expect(policy.get('default-src'), path).toEqual(["'self'"]);
      // An avatar or a logo may be any https URL its owner chose.
      expect(policy.get('img-src'), path).toContain('https:');
    }
  });

  it("the server-rendered pages put this request's nonce on each of their scripts and style blocks, a new one each time", async () => {
    const nonces = [];
    for (const path of [`/listen/${id}`, `/embed/player/${id}`, `/listen/${id}`]) {
      const response = await fetch(`${server.url}${path}`);
      const policy = directives(response.headers.get('content-security-policy'));
      const nonce = policy
        .get('script-src')!
        .find((source) => source.startsWith("'nonce-"))!
        .slice("'nonce-".length, -1);
      // Styles: our files, or a block with this nonce; never 'unsafe-inline' (style attributes in markup).
      expect(policy.get('style-src'), path).toEqual(["'self'", `'nonce-${nonce}'`]);
      const html = await response.text();
      const tags = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('application/json'));
      expect(tags.length, path).toBeGreaterThan(0);
      for (const tag of tags) expect(tag, path).toContain(`nonce="${nonce}"`);
      const styles = html.match(/<style\b[^>]*>/g) ?? [];
      expect(styles.length, path).toBeGreaterThan(0);
      for (const tag of styles) expect(tag, path).toBe(`<style nonce="${nonce}">`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('the microphone only where we record; frame rules as before', async () => {
    const permissions = async (path: string) => (await fetch(`${server.url}${path}`)).headers.get('permissions-policy') ?? '';
    for (const path of ['/record', `/listen/${id}`, '/contact-form/abc', '/hosts/outlook/taskpane.html']) {
      expect(await permissions(path), path).toMatch(/(^|, )microphone=\(self\)/);
    }
    expect(await permissions(`/embed/player/${id}`)).toMatch(/(^|, )microphone=\(\)/);
    expect(await permissions('/record')).toMatch(/camera=\(\)/);
    const frames = async (path: string) =>
      directives((await fetch(`${server.url}${path}`)).headers.get('content-security-policy')).get('frame-ancestors');
    expect(await frames('/recordings')).toEqual(["'self'"]);
    expect(await frames(`/embed/player/${id}`)).toEqual(['*']);
    expect(await frames('/contact-form/abc')).toEqual(['*']);
    // A host app's page: framed by its host's pages (host-app-framing.test.ts has every host).
    expect(await frames('/hosts/outlook/taskpane.html')).toContain('https://*.cloud.microsoft');
  });

  it("the host apps may load office.js from Microsoft's CDN", async () => {
    const policy = directives((await fetch(`${server.url}/hosts/outlook/taskpane.html`)).headers.get('content-security-policy'));
    expect(policy.get('script-src')).toContain('https://appsforoffice.microsoft.com');
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('API answers may run nothing and be framed by no one', async () => {
    const response = await fetch(`${server.url}/api/contact-form/nobody`);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
