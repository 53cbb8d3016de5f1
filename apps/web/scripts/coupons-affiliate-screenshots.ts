/**
 * Screenshots of /redeem (empty, a refused code, a redeemed one) and Settings → Affiliate (with
 * a click, a sign-up and a paid referral), light and dark, phone and desktop, into
 * apps/web/screenshots/ (ignored by git) to be looked at. Run after a build:
 * `pnpm build && tsx scripts/coupons-affiliate-screenshots.ts`.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, signUpThroughPage, startProduct } from '@vocal/e2e';
import type { Page } from 'playwright-core';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const product = await startProduct();
const browser = await launchBrowser();
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const handoff = JSON.parse(await readFile(join(product.dataDir, 'server.json'), 'utf8')) as { url: string; adminToken: string };
const admin = (path: string, json: unknown) =>
  fetch(`${handoff.url}/api/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': handoff.adminToken },
    body: JSON.stringify(json),
  });

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
}

try {
  // The referrer, with one visitor who signed up through the link.
  const signUp = await browser.newContext();
  const referrerPage = await signUp.newPage();
  await signUpThroughPage(referrerPage, product.url);
  const storageState = await signUp.storageState();
  const { accessToken } = JSON.parse((await referrerPage.evaluate(() => localStorage.getItem('vocal.tokens')))!) as { accessToken: string };
  const figures = (await (await fetch(`${product.url}/api/affiliate`, { headers: { authorization: `Bearer ${accessToken}` } })).json()) as {
    link: string;
  };
  await signUp.close();
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(figures.link.replace(/^https?:\/\/[^/]+/, product.url));
  await signUpThroughPage(visitorPage, product.url);
  await visitor.close();

  let run = 0;
  for (const scheme of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(viewports)) {
      const suffix = `${size}-${scheme}`;
      const code = `SPRING-${++run}`;
      await admin('coupons', { code, days: 30 });
      const context = await browser.newContext({ viewport, colorScheme: scheme, storageState });
      const page = await context.newPage();
      await page.goto(`${product.url}/redeem`);
      await page.getByRole('heading', { name: 'Redeem a coupon', level: 1 }).waitFor();
      await shot(page, `redeem-empty-${suffix}`);
      await page.getByLabel('Coupon code').fill('SPRING-TYPO');
      await page.getByRole('button', { name: 'Redeem' }).click();
      await page.getByText('There is no coupon with this code.').waitFor();
      await shot(page, `redeem-error-${suffix}`);
      await page.goto(`${product.url}/redeem/${code}`);
      await page.getByRole('button', { name: 'Redeem' }).click();
      await page.getByRole('heading', { name: /^You have Pro until/ }).waitFor();
      await shot(page, `redeem-success-${suffix}`);
      await page.goto(`${product.url}/settings/affiliate`);
      await page.getByLabel('Your referral link').waitFor();
      await shot(page, `affiliate-${suffix}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await product.stop();
}
