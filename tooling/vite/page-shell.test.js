import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { documentOf, pageShell } from './page-shell.js';

describe('the page shell', () => {
  it('writes a page of root and script into the whole document, with the default title', () => {
    const page = documentOf('<div id="root"></div>\n<script type="module" src="/src/tab.tsx"></script>\n');
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">\n {2}<head>\n {4}<meta charset="UTF-8" \/>/);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1.0" />');
    expect(page).toContain('<title>Vocal</title>');
    expect(page).toMatch(/<body>\s*<div id="root"><\/div>\s*<script type="module" src="\/src\/tab.tsx"><\/script>\s*<\/body>/);
  });

  it("keeps a page's own head tags after the shell's, its own title instead of the default, and its body's class", () => {
    const page = documentOf(
      '<head>\n  <title>Allow the microphone</title>\n  <script src="https://example.com/sdk.js"></script>\n</head>\n<body class="popup">\n  <div id="root"></div>\n</body>\n',
    );
    expect(page).not.toContain('<title>Vocal</title>');
    expect(page.indexOf('charset')).toBeLessThan(page.indexOf('<title>Allow the microphone</title>'));
    expect(page.indexOf('sdk.js')).toBeLessThan(page.indexOf('</head>'));
    expect(page).toContain('<body class="popup">');
  });

  it("puts the app's own head tags, those of every page, before the page's", () => {
    const page = documentOf('<head>\n  <meta name="where" content="here" />\n</head>\n<body>\n  <div id="root"></div>\n</body>\n', [
      '<script src="https://example.com/sdk.js"></script>',
    ]);
    expect(page.indexOf('sdk.js')).toBeGreaterThan(page.indexOf('<title>Vocal</title>'));
    expect(page.indexOf('sdk.js')).toBeLessThan(page.indexOf('name="where"'));
  });

  it('leaves a whole document as it is', () => {
    const whole = '<!doctype html>\n<html><head><title>x</title></head><body></body></html>\n';
    expect(documentOf(whole)).toBe(whole);
  });

  it('is what Vite builds: the page written into the shell, its entry script bundled', async () => {
    const root = await mkdtemp(join(tmpdir(), 'vocal-page-shell-'));
    await writeFile(join(root, 'page.html'), '<div id="root"></div>\n<script type="module" src="./main.js"></script>\n');
    await writeFile(join(root, 'main.js'), "document.getElementById('root').textContent = 'built';\n");
    await build({
      root,
      logLevel: 'silent',
      configFile: false,
      plugins: [pageShell()],
      build: { outDir: join(root, 'dist'), rollupOptions: { input: { page: join(root, 'page.html') } } },
    });
    const built = await readFile(join(root, 'dist', 'page.html'), 'utf8');
    expect(built).toMatch(/^<!doctype html>/);
    expect(built).toContain('<meta charset="UTF-8" />');
    expect(built).toMatch(/<script type="module" crossorigin src="\/assets\/page-[\w-]+\.js"><\/script>/);
  });
});
