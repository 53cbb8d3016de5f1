/**
 * The Free plan's monthly count where the owner works (issue 27, item 8): "3 of 5 Free
 * messages used this month" on /recordings and /record, with Pro offered once most are used;
 * nothing for a Pro account. FREE_MESSAGES_PER_MONTH is 5 here, so the test sends few messages.
 */
import { launchBrowser, signUpThroughPage, startProduct, watchPageErrors, type ApiProcess } from '@vocal/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeAndShootBothSchemes,
  contextFor,
  ensureShotsFolder,
  horizontalOverflow,
  sendMessage,
  type ViewportName,
} from './polish-support.ts';
import { makePro, tokensOf } from './support.ts';

let product: ApiProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct({ env: { FREE_MESSAGES_PER_MONTH: '5' } }), launchBrowser({})]);
  await ensureShotsFolder();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const allowance = (page: Page) => page.locator('.monthly-allowance');

/** Sends messages as the page's owner, over the API (as another device would): "Message 1", "Message 2"... */
function messagesFrom(page: Page, email: string) {
  let sent = 0;
  return async (count: number) => {
    const owner = { baseUrl: product.url, token: (await tokensOf(page)).accessToken, email };
    for (let index = 0; index < count; index++) await sendMessage(owner, `Message ${++sent}`);
  };
}

describe('the month’s Free messages, counted where the owner works', () => {
  // Once per size; each step that is looked at is checked in light and dark on the same page
  // (one flow per scheme repeated the sign-up, the messages and every load for the colours alone).
  for (const size of ['phone', 'desktop'] as ViewportName[]) {
    it(`${size}: counts each message sent, offers Pro when most are used, and hands over to the paywall; light and dark`, async () => {
      const context = await contextFor(browser, size, 'light');
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const email = await signUpThroughPage(page, product.url);
      const send = messagesFrom(page, email);

      await page.goto(`${product.url}/recordings`);
      await expect.poll(() => allowance(page).innerText()).toBe('0 of 5 Free messages used this month');
      expect(await allowance(page).getByRole('link').count()).toBe(0);

      // Sent elsewhere (another device, a host app): the inbox reads the account again.
      await send(2);
      await page.reload();
      await expect.poll(() => allowance(page).innerText()).toBe('2 of 5 Free messages used this month');
      await page.goto(`${product.url}/record`);
      await page.getByRole('button', { name: 'Start recording' }).waitFor();
      expect(await allowance(page).innerText()).toBe('2 of 5 Free messages used this month');
      expect(await horizontalOverflow(page)).toBe(0);
      await axeAndShootBothSchemes(page, 'light', `monthly-allowance-record-${size}`);

      // Four of five: said more strongly, with the way to unlimited messages.
      await send(2);
      await page.goto(`${product.url}/recordings`);
      await expect
        .poll(() => allowance(page).innerText())
        .toMatch(/^4 of 5 Free messages used this month\s+Get unlimited messages with Pro$/);
      const upgrade = allowance(page).getByRole('link', { name: 'Get unlimited messages with Pro' });
      expect(await upgrade.getAttribute('href')).toBe('/upgrade');
      if (size === 'phone') expect((await upgrade.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect(await horizontalOverflow(page)).toBe(0);
      await axeAndShootBothSchemes(page, 'light', `monthly-allowance-recordings-${size}`);

      // All five: the inbox says so; the recorder's page gives way to the paywall, once.
      await send(1);
      await page.reload();
      await expect.poll(() => allowance(page).innerText()).toMatch(/^5 of 5 Free messages used this month/);
      await page.goto(`${product.url}/record`);
      await page.getByRole('status').filter({ hasText: 'You have used this month’s 5 Free messages.' }).waitFor();
      expect(await allowance(page).count()).toBe(0);

      // Pro counts nothing, so nothing is shown.
      await makePro(product.dataDir, email);
      await page.goto(`${product.url}/recordings`);
      await page.getByText('Message 5').waitFor();
      await page.reload();
      await page.getByText('Message 5').waitFor();
      expect(await allowance(page).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
