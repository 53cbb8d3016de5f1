/**
 * Screenshots of the plan page (/upgrade), the integrations pages (the overview and two hosts'
 * pages) and the settings hub that links them, light and dark, phone and desktop, into
 * apps/web/screenshots/ (ignored by git) to be looked at. Run after a build:
 * `pnpm build && tsx scripts/plan-integrations-screenshots.ts`. With SERVER_READY=1 the pages are
 * shown the answer of a server at an https address with Microsoft sign-in on (the real answer,
 * those two facts changed), so they show a server ready for the hosts; without it, this one
 * (plain http).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, signUpThroughPage, startProduct } from '@vocal/e2e';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const ready = process.env.SERVER_READY === '1';
const product = await startProduct();
const browser = await launchBrowser();
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const pages = [
  { name: 'plan', path: '/upgrade', heading: 'Your plan' },
  { name: 'integrations', path: '/integrations', heading: 'Integrations' },
  { name: 'integrations-ms-teams', path: '/integrations/ms-teams', heading: 'Microsoft Teams' },
  { name: 'integrations-zoho-mail', path: '/integrations/zoho-mail', heading: 'Zoho Mail' },
  // Their requirements come from the host registry: https recommended only, and an origin without a path.
  { name: 'integrations-chrome-extension', path: '/integrations/chrome-extension', heading: 'Gmail in Chrome' },
  { name: 'integrations-google-meet', path: '/integrations/google-meet', heading: 'Google Meet' },
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
      if (ready) {
        await page.route('**/api/integrations', async (route) => {
          const answer = (await (await route.fetch()).json()) as Record<string, unknown>;
          const microsoft = { clientId: '5c9b4a2e-7d31-4f0a-9e6b-2a8c1d3f4e50', tenant: 'organizations' };
          await route.fulfill({ json: { ...answer, publicUrl: 'https://vocal.example.com', microsoft } });
        });
      }
      for (const { name, path, heading } of pages) {
        await page.goto(`${product.url}${path}`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(out, `${name}-${size}-${scheme}${ready ? '-ready' : ''}.png`), fullPage: true });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await product.stop();
}
