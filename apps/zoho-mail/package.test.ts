// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The built package (dist/: turbo builds it before the tests), checked against what Zoho's
 * packaging takes (zet 1.0.24: FileCheckRule, PackageSizeCheckRule and the kinds of file in
 * DEFAULT_EXTENSION_OBJ; anything else zet leaves out of the zip) and against what makes it a
 * widget Zoho hosts: each page runs from the package itself, with Zoho's SDK from Zoho's CDN.
 */
const dist = join(import.meta.dirname, 'dist');
const SIGMA_SDK = 'https://static.zohocdn.com/sigma/client/sdk/v1/sigma-sdk.min.js';

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

describe('the Zoho Mail package as built', () => {
  it('is built', () => {
    expect(existsSync(join(dist, 'plugin-manifest.json')), 'run the build first (turbo builds it before the tests)').toBe(true);
  });

  const manifest = () =>
    JSON.parse(readFileSync(join(dist, 'plugin-manifest.json'), 'utf8')) as { modules: { widgets: { url: string; location: string }[] } };
  const files = () => filesUnder(join(dist, 'app')).filter((file) => !file.endsWith('.map'));

  it('holds only files Zoho’s packaging takes, named and sized as it allows', () => {
    const all = files();
    expect(all.length).toBeLessThanOrEqual(250);
    let total = 0;
    for (const file of all) {
      const name = basename(file);
      expect(name, relative(dist, file)).toMatch(
        /^[A-Za-z0-9_.$-]+\.(jpe?g|png|gif|svg|css|woff2?|ttf|eot|webm|js|mp3|mp4|json|txt|md|xml|dre|html)$/,
      );
      expect(name.length, name).toBeLessThanOrEqual(50);
      const size = statSync(file).size;
      expect(size, name).toBeLessThanOrEqual(5_000_000);
      total += size;
    }
    expect(total).toBeLessThan(20_000_000);
  });

  it('is the widget itself: each widget page loads Zoho’s SDK from Zoho’s CDN, then its own code from the package', () => {
    for (const widget of manifest().modules.widgets) {
      const html = readFileSync(join(dist, widget.url), 'utf8');
      expect(html, widget.url).toContain(`<meta name="vocal-widget-location" content="${widget.location}" />`);
      const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
      expect(scripts[0], widget.url).toBe(SIGMA_SDK);
      expect(scripts[1], widget.url).toBe('server.js');
      // The app's own scripts and styles are the package's files, addressed relatively: no page moves elsewhere.
      const own = [...scripts.slice(2), ...[...html.matchAll(/<link[^>]*\shref="([^"]+)"/g)].map((match) => match[1]!)];
      expect(own.length, widget.url).toBeGreaterThan(1);
      for (const address of own) {
        expect(address, widget.url).not.toMatch(/^(https?:)?\/\//);
        expect(existsSync(join(dist, widget.url, '..', address)), address).toBe(true);
      }
      expect(html).not.toMatch(/location\.(replace|href\s*=)/);
    }
    expect(existsSync(join(dist, 'app', 'launch.js'))).toBe(false);
  });

  it('records with what is in the package: the encoder’s wasm inlined in a script, the worker and worklet as scripts', () => {
    const scripts = files().filter((file) => file.endsWith('.js'));
    expect(scripts.some((file) => readFileSync(file, 'utf8').includes('data:application/wasm;base64,'))).toBe(true);
    expect(scripts.map((file) => basename(file)).join(' ')).toMatch(/encoder-worker-.*\.js/);
    expect(scripts.map((file) => basename(file)).join(' ')).toMatch(/capture-worklet-.*\.js/);
  });

  it('names the server to call only through %PUBLIC_URL%, which the server fills as it makes the package', () => {
    expect(readFileSync(join(dist, 'app', 'server.js'), 'utf8')).toContain("window.vocalServer = '%PUBLIC_URL%';");
  });
});
