/**
 * What the listen page says about Vocal (issue 27, item 7): a Free owner's page carries one
 * discreet line, below the comments; a Pro owner's page shows the owner's own call to action,
 * or nothing, and never "Join for free".
 */
import { join } from 'node:path';
import { axeViolations, launchBrowser } from '@vocal/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  contextFor,
  ensureShotsFolder,
  ownerOverApi,
  sendMessage,
  shotsFolder,
  VIEWPORTS,
  type ViewportName,
} from './polish-support.ts';
import { sharedProduct, type SharedProduct } from './shared-product.ts';
import { makePro } from './support.ts';

let product: SharedProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let freePage: string;
let proDefaultPage: string;
let proOwnCtaPage: string;

beforeAll(async () => {
  product = sharedProduct();
  browser = await launchBrowser({});
  await ensureShotsFolder();
  const free = await ownerOverApi(product.url, 'Frida Free');
  freePage = `${product.url}/listen/${await sendMessage(free, 'From a Free account')}`;
  const pro = await ownerOverApi(product.url, 'Priya Pro');
  await makePro(product.dataDir, pro.email);
  proDefaultPage = `${product.url}/listen/${await sendMessage(pro, 'From a Pro account')}`;
  const proWithCta = await ownerOverApi(product.url, 'Paolo Pro');
  await makePro(product.dataDir, proWithCta.email);
  await call(proWithCta, 'POST', 'personalisation', {
    listenPage: { cta: { link: 'https://example.com/book', message: 'Talk it through?', button: 'Book a call' } },
  });
  proOwnCtaPage = `${product.url}/listen/${await sendMessage(proWithCta, 'From a Pro account with its own button')}`;
});

afterAll(async () => {
  await browser?.close();
});

/** Waits for the comments (the page's last chunk) so what is checked is the finished page. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('heading', { name: 'Comments' }).waitFor();
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('on a %s', (size) => {
  it('Free: one "Sent with Vocal" line, below the comments, and no call-to-action block', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await contextFor(browser, size, scheme);
      const page = await context.newPage();
      await open(page, freePage);
      const line = page.getByText('Sent with Vocal');
      await line.waitFor();
      expect(await page.getByText(/Sent with/).count()).toBe(1);
      expect(await page.getByRole('complementary', { name: 'Call to action' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Join for free' }).getAttribute('href')).toBe('/signup');
      // Below the conversation: the comment form ends above the line.
      const comments = (await page.locator('.comments').boundingBox())!;
      const lineBox = (await line.boundingBox())!;
      expect(lineBox.y).toBeGreaterThanOrEqual(comments.y + comments.height);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(shotsFolder, `listen-free-line-${size}-${scheme}.png`), fullPage: true });
      await context.close();
    }
  });

  it('Pro: no "Join for free" by default, and the owner\'s own call to action when they set one', async () => {
    const context = await contextFor(browser, size);
    const page = await context.newPage();
    await open(page, proDefaultPage);
    expect(await page.getByRole('complementary', { name: 'Call to action' }).count()).toBe(0);
    expect(await page.getByText(/Sent with|Join for free/).count()).toBe(0);

    await open(page, proOwnCtaPage);
    const cta = page.getByRole('complementary', { name: 'Call to action' });
    await cta.getByText('Talk it through?').waitFor();
    expect(await cta.getByRole('link', { name: 'Book a call' }).getAttribute('href')).toBe('https://example.com/book');
    expect(await page.getByText(/Sent with|Join for free/).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shotsFolder, `listen-pro-own-cta-${size}-light.png`), fullPage: true });
    await context.close();
  });
});
