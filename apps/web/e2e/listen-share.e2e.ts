/**
 * The listen page's Share (issue 27, item 2): the system share sheet where the browser has
 * one, else the menu, which fits phones from 320 to 430 px wide with no label cut.
 */
import { join } from 'node:path';
import { axeViolations, launchBrowser } from '@vocal/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFor, ensureShotsFolder, horizontalOverflow, ownerOverApi, sendMessage, shotsFolder } from './polish-support.ts';
import { sharedProduct, type SharedProduct } from './shared-product.ts';

let product: SharedProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let listenUrl: string;

beforeAll(async () => {
  product = sharedProduct();
  browser = await launchBrowser({});
  await ensureShotsFolder();
  const owner = await ownerOverApi(product.url, 'Bartholomew Featherstonehaugh');
  const id = await sendMessage(owner, 'Quarterly planning notes for the whole team');
  listenUrl = `${product.url}/listen/${id}`;
});

afterAll(async () => {
  await browser?.close();
});

/** Every control in the card's actions and the menu whose text is wider than its box, or that leaves the viewport. */
const cutOrOutside = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.listen-card__actions .vk-button, .share-menu__link'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return element.scrollWidth > element.clientWidth + 1 || box.left < 0 || box.right > document.documentElement.clientWidth;
      })
      .map((element) => element.textContent),
  );

describe('Share on the listen page', () => {
  for (const width of [320, 390, 430]) {
    it(`at ${width} px the menu opens inside the screen, nothing is cut, each row is 44 px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.goto(listenUrl);
      await page.getByRole('button', { name: 'Share' }).click();
      const menu = page.getByRole('menu', { name: 'Share this voice message' });
      await menu.waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await cutOrOutside(page)).toEqual([]);
      for (const item of await menu.getByRole('menuitem').all()) expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      if (width === 320) await page.screenshot({ path: join(shotsFolder, 'listen-share-menu-phone-320.png'), fullPage: true });
      await context.close();
    });
  }

  it('uses the system share sheet where the browser has one, and opens no menu', async () => {
    const context = await contextFor(browser, 'phone');
    // Chromium on Linux has no share sheet: this stands in for the one a phone has.
    await context.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { sharedByTest: shared });
      Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void shared.push(data), configurable: true });
    });
    const page = await context.newPage();
    await page.goto(listenUrl);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedByTest: ShareData[] }).sharedByTest))
      .toEqual([{ title: 'Quarterly planning notes for the whole team', url: listenUrl }]);
    expect(await page.getByRole('menu').count()).toBe(0);
    await context.close();
  });

  for (const [size, scheme] of [
    ['phone', 'dark'],
    ['desktop', 'light'],
    ['phone', 'light'],
    ['desktop', 'dark'],
  ] as const) {
    it(`elsewhere, on a ${size} (${scheme}), the menu works by keyboard and passes axe`, async () => {
      const context = await contextFor(browser, size, scheme);
      const page = await context.newPage();
      await page.goto(listenUrl);
      const share = page.getByRole('button', { name: 'Share' });
      await share.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Share this voice message' });
      await menu.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
      await page.keyboard.press('End');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Embed');
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await cutOrOutside(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(shotsFolder, `listen-share-menu-${size}-${scheme}.png`), fullPage: true });
      await page.keyboard.press('Escape');
      expect(await menu.count()).toBe(0);
      expect(await share.evaluate((element) => element === document.activeElement)).toBe(true);
      await context.close();
    });
  }
});
