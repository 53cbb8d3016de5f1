/**
 * Screenshots of the plan page (/upgrade), the integrations page and the settings hub that
 * links them, light and dark, phone and desktop, into apps/web/screenshots/ (ignored by git)
 * to be looked at. Run after a build: `pnpm build && tsx scripts/plan-integrations-screenshots.ts`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, signUpThroughPage, startProduct } from '@vocal/e2e';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const product = await startProduct();
const browser = await launchBrowser();
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const pages = [
  { name: 'plan', path: '/upgrade', heading: 'Your plan' },
  { name: 'integrations', path: '/integrations', heading: 'Integrations' },
  { name: 'settings', path: '/settings', heading: 'Settings' },
] as const;

try {
  const signUp = await browser.newContext();
  await signUpThroughPage(await signUp.newPage(), product.url);
  const storageState = await signUp.storageState();
  await signUp.close();
  for (const scheme of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport, colorScheme: scheme, storageState });
      const page = await context.newPage();
      for (const { name, path, heading } of pages) {
        await page.goto(`${product.url}${path}`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(out, `${name}-${size}-${scheme}.png`), fullPage: true });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await product.stop();
}
