import { axeViolations, launchBrowser, signUpThroughPage, startProduct, watchPageErrors, type ApiProcess } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmReview, messagesOf, recordFor } from './support.ts';

/**
 * The Free plan's monthly allowance (FREE_MESSAGES_PER_MONTH, here 1): once it is used, /record
 * says so instead of offering a recording the server would refuse, and the owner's listen page
 * says it too, while the message itself still plays for everyone.
 */
let product: ApiProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  const wav = await makeSpeechWav('Hello, this is the only message of the month.', { seconds: 6 });
  [product, browser] = await Promise.all([
    startProduct({ env: { FREE_MESSAGES_PER_MONTH: '1' } }),
    launchBrowser({ microphoneWav: wav, loop: true }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('the paywall', () => {
  it('after the month’s Free messages, /record and the owner’s listen page say so and lead to /upgrade', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    page.on('response', (r) => {
      if (r.status() >= 400) console.log('DEBUG', r.status(), r.request().method(), r.url(), page.url());
    });
    await signUpThroughPage(page, product.url);
    await page.goto(`${product.url}/record`);
    await recordFor(page, 2);
    await page.getByText('Uploaded. Your link is ready.').waitFor({ timeout: 120_000 });
    await confirmReview(page);
    const [message] = await messagesOf(product.url, page);
    expect(message).toBeDefined();

    await page.goto(`${product.url}/record`);
    const paywall = page.getByRole('status').filter({ hasText: 'You have used this month’s 1 Free message.' });
    await paywall.waitFor();
    expect(await page.getByRole('button', { name: 'Start recording' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/upgrade');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${product.url}/listen/${message!.id}`);
    const notice = page.locator('.owner-bar__paywall');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/You have used this month’s 1 Free message; this one still plays/);
    expect(await notice.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/upgrade');
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
