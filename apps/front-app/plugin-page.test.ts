import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import viteConfig from './vite.config.ts';

const here = (path: string) => new URL(path, import.meta.url);
const readme = readFileSync(here('./README.md'), 'utf8');

/**
 * Front has no manifest: the one thing an admin gives Front is the plugin page's address,
 * written in the README. What can be checked offline is that this address is the page the
 * build makes, and that the page loads the plugin.
 */
describe('the plugin page Front is told to load', () => {
  beforeEach(() => {
    // Proof that nothing here reaches the network.
    vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const documented = [...readme.matchAll(/\$\{PUBLIC_URL\}\/hosts\/front-app\/([\w./-]+)/g)].map((match) => match[1]);
  const examples = [...readme.matchAll(/https:\/\/vocal\.example\.com\/hosts\/front-app\/([\w./-]+)/g)].map((match) => match[1]);

  it('is one page, named the same way everywhere in the README', () => {
    expect(new Set([...documented, ...examples])).toEqual(new Set(['sidebar.html']));
  });

  it('is an entry of the build, and loads the plugin’s code', () => {
    const inputs = Object.values(viteConfig.build?.rollupOptions?.input ?? {});
    expect(inputs).toContain(documented[0]);
    const html = readFileSync(here(`./${documented[0]}`), 'utf8');
    const script = /<script type="module" src="\/([^"]+)"><\/script>/.exec(html)?.[1];
    expect(script).toBe('src/sidebar.tsx');
    expect(existsSync(here(`./${script}`))).toBe(true);
  });

  it('is served under the folder the server hosts this app from', () => {
    expect(viteConfig.base).toBe('./');
    expect(readme).toContain('`${PUBLIC_URL}/hosts/front-app/`');
  });
});
