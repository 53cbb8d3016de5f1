/**
 * Renders the logo the deployment manifest names (addOns.common.logoUrl and
 * addOns.meet.web.logoUrl): public/logo.png, 256×256, the product's mark as a rounded square
 * on transparency, which Meet shows in Activities and over the add-on's frames. Drawn with the
 * system Chromium; run again only when the mark changes: `pnpm --filter @vocal/google-meet logo`.
 */
import { join } from 'node:path';
import { launchBrowser } from '@vocal/e2e';

const size = 256;
const svg = `
  <svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 28 28">
    <rect width="28" height="28" rx="7" fill="#267EFA"/>
    <rect x="11" y="6" width="6" height="11" rx="3" fill="#fff"/>
    <path d="M8.5 13.5a5.5 5.5 0 0 0 11 0M14 19v3" stroke="#fff" stroke-width="2" fill="none" stroke-linecap="round"/>
  </svg>`;

const output = join(import.meta.dirname, '..', 'public', 'logo.png');
const browser = await launchBrowser();
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: output, omitBackground: true });
  process.stdout.write(`Logo written to ${output}\n`);
} finally {
  await browser.close();
}
