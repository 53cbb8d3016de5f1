/**
 * Renders the extension's two images into public/app/img/ with the system Chromium: the logo
 * Zoho's marketplace shows (120 × 120 px, its branding guideline) and the small icon of the
 * widget bar (32 × 32 px). Run again only when the mark changes: `pnpm --filter @vocal/zoho-mail icons`.
 */
import { join } from 'node:path';
import { launchBrowser } from '@vocal/e2e';

/** The product's mark as the web app's header draws it: a microphone in a rounded square. */
const mark = (size: number) => `
  <svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 28 28">
    <rect width="28" height="28" rx="8" fill="#267EFA"/>
    <rect x="11" y="6" width="6" height="11" rx="3" fill="#fff"/>
    <path d="M8.5 13.5a5.5 5.5 0 0 0 11 0M14 19v3" stroke="#fff" stroke-width="2" fill="none" stroke-linecap="round"/>
  </svg>`;

const imageFolder = join(import.meta.dirname, '..', 'public', 'app', 'img');
const outputs = [
  { file: 'logo.png', size: 120 },
  { file: 'icon.png', size: 32 },
];

const browser = await launchBrowser();
try {
  const page = await (await browser.newContext()).newPage();
  for (const { file, size } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${mark(size)}</body></html>`);
    await page.locator('svg').screenshot({ path: join(imageFolder, file), omitBackground: true });
  }
  process.stdout.write(`Images written to ${imageFolder}\n`);
} finally {
  await browser.close();
}
