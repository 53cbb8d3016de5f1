/**
 * Long folder names in the inbox (issue 27, item 4): cut short with an ellipsis inside the
 * folder column, whole in the tooltip and while the keyboard is on them, and nothing of the
 * column (name, its menu, "New folder") ever reaches into the message list.
 */
import { join } from 'node:path';
import { axeViolations, signUpThroughPage } from '@vocal/e2e';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextFor, ensureShotsFolder, horizontalOverflow, sendMessage, shotsFolder } from './polish-support.ts';
import { fileBrowser } from './file-browser.ts';
import { sharedProduct } from './shared-product.ts';
import { apiAs, makePro, tokensOf } from './support.ts';

/** 80 characters, the most a folder name may have, without a space to break at. */
const UNBROKEN = 'Customer-onboarding-calls-for-the-northern-region-accounts-team-2026-archive-xyz';
const SPACED = 'Follow-ups from the quarterly planning meeting with the whole design team';

const product = sharedProduct();
const browser = await fileBrowser({});
await ensureShotsFolder();

/** A Pro owner with one message and the two long folders, signed in on `page`. */
async function ownerWithLongFolders(page: Page) {
  const email = await signUpThroughPage(page, product.url);
  await makePro(product.dataDir, email);
  for (const name of [UNBROKEN, SPACED]) expect((await apiAs(product.url, page, 'POST', 'folder', { name })).status).toBeLessThan(300);
  await sendMessage({ baseUrl: product.url, token: (await tokensOf(page)).accessToken, email }, 'A message in the inbox');
}

/** The right edge of every part of the folder column, and the left edge of the message list. */
const edges = (page: Page) =>
  page.evaluate(() => {
    const list = document.querySelector('.inbox-page__messages')!.getBoundingClientRect();
    const parts = Array.from(
      document.querySelectorAll<HTMLElement>('.folder-nav, .folder-nav__link, .folder-nav__menu, .folder-nav .vk-button'),
    );
    return { listLeft: list.left, rightmost: Math.max(...parts.map((part) => part.getBoundingClientRect().right)) };
  });

describe('long folder names', () => {
  it('on a desktop: cut inside the column, whole in the tooltip and on keyboard focus, never under the list', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await contextFor(browser, 'desktop', scheme);
      const page = await context.newPage();
      await ownerWithLongFolders(page);
      await page.goto(`${product.url}/recordings`);
      const link = page.getByRole('link', { name: UNBROKEN });
      await link.waitFor();
      await page.getByText('A message in the inbox').waitFor();

      const { listLeft, rightmost } = await edges(page);
      expect(rightmost).toBeLessThanOrEqual(listLeft);
      expect(await link.getAttribute('title')).toBe(UNBROKEN);
      // Cut, with an ellipsis: its words are wider than their box, until the keyboard reaches it.
      const name = link.locator('.folder-nav__name');
      expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await name.evaluate((element) => getComputedStyle(element).textOverflow)).toBe('ellipsis');
      await page.getByRole('link', { name: 'Not in a folder' }).focus();
      await page.keyboard.press('Tab');
      expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect((await edges(page)).rightmost).toBeLessThanOrEqual(listLeft);
      // The name's menu is the next stop and stays in the column too.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Folder ${UNBROKEN}: actions`);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(shotsFolder, `inbox-long-folders-desktop-${scheme}.png`) });
      await context.close();
    }
  });

  it('on a phone: the folded sheet and its summary stay inside the screen', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await contextFor(browser, 'phone', scheme);
      const page = await context.newPage();
      await ownerWithLongFolders(page);
      await page.goto(`${product.url}/recordings`);
      await page.getByText('A message in the inbox').waitFor();
      const summary = page.locator('.folder-nav__summary');
      await summary.click();
      const link = page.getByRole('link', { name: SPACED });
      await link.click();
      await page.waitForURL(/folder=/);
      // The chosen folder names the summary, cut to one line, whole in its tooltip.
      const name = page.locator('.folder-nav__summary-name');
      await expect.poll(() => name.textContent()).toBe(SPACED);
      expect(await name.getAttribute('title')).toBe(SPACED);
      expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      // The sheet may have stayed open across the navigation: open it if it is not.
      if (!(await page.locator('details.folder-nav__sheet').evaluate((sheet) => (sheet as HTMLDetailsElement).open))) await summary.click();
      await page.getByRole('link', { name: UNBROKEN }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      const menuButton = page.getByRole('button', { name: `Folder ${UNBROKEN}: actions` });
      const box = (await menuButton.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(shotsFolder, `inbox-long-folders-phone-${scheme}.png`) });
      await context.close();
    }
  });
});
