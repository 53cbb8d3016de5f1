import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { axeViolations, signUpThroughPage } from '@vocal/e2e';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fileBrowser } from './file-browser.ts';
import { sharedProduct } from './shared-product.ts';
import { apiAs } from './support.ts';

const product = sharedProduct();
const browser = await fileBrowser();

/** `pnpm admin coupons create` as the running server takes it: the admin API with the data folder's token. */
async function createCoupon(coupon: { code: string; days: number; maxRedemptions?: number }) {
  const handoff = JSON.parse(await readFile(join(product.dataDir, 'server.json'), 'utf8')) as { url: string; adminToken: string };
  const response = await fetch(`${handoff.url}/api/admin/coupons`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': handoff.adminToken },
    body: JSON.stringify(coupon),
  });
  if (response.status !== 201) throw new Error(`The coupon was not made: ${response.status} ${await response.text()}`);
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe('coupons and the affiliate programme', () => {
  it('redeems a coupon from its link: a wrong code is explained, the right one makes the account Pro', async () => {
    // A code of this attempt only: a retried test makes its own.
    const code = `E2E-${Date.now()}`;
    await createCoupon({ code, days: 30, maxRedemptions: 5 });
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUpThroughPage(page, product.url);

    await page.goto(`${product.url}/redeem/NOT-A-REAL-CODE`);
    const field = page.getByLabel('Coupon code');
    await field.waitFor();
    expect(await field.inputValue()).toBe('NOT-A-REAL-CODE');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByText('There is no coupon with this code.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);

    // The link of the real coupon: the field holds its code; Enter redeems it.
    await page.goto(`${product.url}/redeem/${code}`);
    await field.waitFor();
    expect(await field.inputValue()).toBe(code);
    await field.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^You have Pro until / }).waitFor();
    expect(await page.getByRole('status').innerText()).toContain(`The coupon ${code} gave your account 30 days of Pro.`);
    expect((await apiAs(product.url, page, 'GET', 'account')).body.plan).toBe(1);
    await expectNoAxeViolations(page);

    // The same code again on the same account: refused, in the server's words.
    await page.goto(`${product.url}/redeem/${code.toLowerCase()}`);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByText('You have already redeemed this coupon on this account.').waitFor();
    await context.close();
  });

  it("counts a referral link's visit and the sign-up it led to on the referrer's Affiliate page", async () => {
    const referrerContext = await browser.newContext();
    const referrer = await referrerContext.newPage();
    await signUpThroughPage(referrer, product.url);
    await referrer.goto(`${product.url}/settings`);
    await referrer.getByRole('link', { name: /^Affiliate/ }).click();
    const linkField = referrer.getByLabel('Your referral link');
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/\?ref=[A-Za-z0-9_-]+$/);
    expect(await referrer.getByTestId('affiliate-signups').innerText()).toContain('0');
    await expectNoAxeViolations(referrer);

    // A visitor follows the link (on this test's origin) and signs up in the same browser.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(link.replace(/^https?:\/\/[^/]+/, product.url));
    const cookies = await visitorContext.cookies(product.url);
    expect(cookies.find((cookie) => cookie.name === 'vocal_ref')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    await signUpThroughPage(visitor, product.url);

    await referrer.reload();
    await linkField.waitFor();
    expect(await referrer.getByTestId('affiliate-clicks').innerText()).toMatch(/\b1$/);
    expect(await referrer.getByTestId('affiliate-signups').innerText()).toMatch(/\b1$/);
    expect(await referrer.getByTestId('affiliate-paying').innerText()).toMatch(/\b0$/);
    await expectNoAxeViolations(referrer);
    await Promise.all([referrerContext.close(), visitorContext.close()]);
  });
});
