/**
 * Renders the two icons a Zendesk app package must hold (Create app brand assets):
 * assets/logo.png, 320x320 with square corners (Zendesk rounds them itself), and
 * assets/logo-small.png, 128x128 PNG-24 with transparency. Drawn with the system Chromium
 * from the product's mark. Run again only when the mark changes:
 * `pnpm --filter @vocal/zendesk icons`.
 */
import { join } from 'node:path';
import { launchBrowser } from '@vocal/e2e';

const blue = '#267EFA';

/** The microphone of the product's mark, white, on a 28-unit grid. */
const microphone = `
  <rect x="11" y="6" width="6" height="11" rx="3" fill="#fff"/>
  <path d="M8.5 13.5a5.5 5.5 0 0 0 11 0M14 19v3" stroke="#fff" stroke-width="2" fill="none" stroke-linecap="round"/>`;

/** Full bleed for the Marketplace tile; a rounded square on transparency for the small icon. */
const mark = (size: number, corner: number) => `
  <svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 28 28">
    <rect width="28" height="28" rx="${corner}" fill="${blue}"/>${microphone}
  </svg>`;

const assetsFolder = join(import.meta.dirname, '..', 'assets');
const outputs = [
  { file: 'logo.png', size: 320, corner: 0 },
  { file: 'logo-small.png', size: 128, corner: 7 },
];

const browser = await launchBrowser();
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const { file, size, corner } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${mark(size, corner)}</body></html>`);
    await page.locator('svg').screenshot({ path: join(assetsFolder, file), omitBackground: true });
  }
  process.stdout.write(`Icons written to ${assetsFolder}\n`);
} finally {
  await browser.close();
}
