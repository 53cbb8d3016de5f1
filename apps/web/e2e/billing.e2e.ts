import { axeViolations, signUpThroughPage, watchPageErrors } from '@vocal/e2e';
import { PAYMENT_POPUP } from '@vocal/settings-model';
import { describe, expect, it } from 'vitest';
import { fileBrowser } from './file-browser.ts';
import { sharedProduct } from './shared-product.ts';

/**
 * Upgrading through the payment popup (decision 0032): the shared server bills through the local
 * Stripe stand-in (tooling/e2e's stripe-stand-in.ts), whose hosted checkout's Pay button sends
 * the signed webhooks; the account becomes Pro by them alone, and Payment History shows the
 * invoice as Paid.
 */
const product = sharedProduct();
const browser = await fileBrowser();

describe('billing', () => {
  it('upgrades through the popup: Pro from the webhooks, the payment Paid in Payment History', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signUpThroughPage(page, product.url);

    // Nothing paid yet: the empty state, reached from the settings hub.
    await page.goto(`${product.url}/settings`);
    await page.getByRole('link', { name: /Payment History/ }).click();
    await page.getByRole('heading', { name: 'Payment History', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No payments yet' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${product.url}/upgrade`);
    await page.getByRole('heading', { name: 'Your plan', level: 1 }).waitFor();
    await page.getByText('save 17%').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: 'Monthly' }).check();
    await page.getByText(/\$30\s*a month/).waitFor();

    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Subscribe monthly' }).click();
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Pay' }).waitFor();
    expect(popup.url()).toMatch(new RegExp(`^${product.stripeUrl}/checkout/cs_test_`));
    expect(await popup.evaluate(() => window.innerWidth)).toBeLessThanOrEqual(PAYMENT_POPUP.width);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Pay' }).click();
    // /static/payment-success reports to this page and closes the popup.
    await closed;

    await page.getByText('Welcome to Pro').waitFor();
    await page.getByText(/You are on\s*Pro\s*\(Monthly\)/).waitFor();
    await page.getByText(/Monthly: renews on/).waitFor();
    await page.getByRole('button', { name: 'Cancel at period end' }).waitFor();
    await page.getByRole('button', { name: 'Change card' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Payment history' }).click();
    await page.getByRole('heading', { name: 'Payment History', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Paid' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/\$30\.00/);
    expect(await row.getByRole('link', { name: /Receipt/ }).getAttribute('href')).toMatch(new RegExp(`^${product.stripeUrl}/invoice/in_`));
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("from the Meet add-on's Upgrade link, checks out through /meet-subscription", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUpThroughPage(page, product.url);
    await page.goto(`${product.url}/upgrade?from=google-meet`);
    await page.getByRole('heading', { name: 'Your plan', level: 1 }).waitFor();
    const checkout = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/'));
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Subscribe yearly' }).click();
    expect(new URL((await checkout).url()).pathname).toBe('/api/meet-subscription');
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Pay' }).waitFor();
    expect(popup.url()).toMatch(new RegExp(`^${product.stripeUrl}/checkout/cs_test_`));
    await context.close();
  });
});
