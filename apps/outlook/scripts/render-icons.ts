/**
 * Renders the add-in's icons from the mark below with the system Chromium: the ribbon
 * icons (16, 32, 80 px), the package's colour icon (192 px) and its white outline icon
 * (32 px, transparent). Writes PNGs into public/, which the build copies to dist/.
 * Run again only when the mark changes: `pnpm --filter @vocal/outlook icons`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser } from '@vocal/e2e';

const blue = '#267EFA';

/** The product's mark: a microphone in a rounded square (as the web app's header shows it). */
const colourMark = (size: number) => `
  <svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 28 28">
    <rect width="28" height="28" rx="7" fill="${blue}"/>
    <rect x="11" y="5.5" width="6" height="11.5" rx="3" fill="#fff"/>
    <path d="M8 13.5a6 6 0 0 0 12 0M14 19.5v3" stroke="#fff" stroke-width="2.2" fill="none" stroke-linecap="round"/>
  </svg>`;

/** Teams' outline icon: white strokes on transparent, no background. */
const outlineMark = (size: number) => `
  <svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 28 28">
    <rect x="11" y="3.5" width="6" height="13" rx="3" fill="none" stroke="#fff" stroke-width="2"/>
    <path d="M7 13.5a7 7 0 0 0 14 0M14 20.5v4" stroke="#fff" stroke-width="2" fill="none" stroke-linecap="round"/>
  </svg>`;

const publicFolder = join(import.meta.dirname, '..', 'public');
const outputs = [
  { file: 'icons/icon-16.png', size: 16, svg: colourMark },
  { file: 'icons/icon-32.png', size: 32, svg: colourMark },
  { file: 'icons/icon-80.png', size: 80, svg: colourMark },
  { file: 'color.png', size: 192, svg: colourMark },
  { file: 'outline.png', size: 32, svg: outlineMark },
];

await mkdir(join(publicFolder, 'icons'), { recursive: true });
const browser = await launchBrowser();
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const { file, size, svg } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(size)}</body></html>`);
    await page.locator('svg').screenshot({ path: join(publicFolder, file), omitBackground: true });
  }
  process.stdout.write(`Icons written to ${publicFolder}\n`);
} finally {
  await browser.close();
}
