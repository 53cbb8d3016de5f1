/**
 * New people's way in (issue 27, item 1): /login links to a sign-up view, a listen page's
 * "Join for free" leads to it, and an address without an account is
 * answered plainly ("No account for … yet") with the way to create it, not with an error.
 */
import { join } from 'node:path';
import { axeViolations, PASSWORD, uniqueEmail } from '@vocal/e2e';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextFor, ensureShotsFolder, ownerOverApi, sendMessage, shotsFolder, VIEWPORTS, type ViewportName } from './polish-support.ts';
import { fileBrowser } from './file-browser.ts';
import { sharedProduct } from './shared-product.ts';

const product = sharedProduct();
const browser = await fileBrowser({});
await ensureShotsFolder();

const signUpHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Create your Vocal account' });

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('signing up on a %s', (size) => {
  it('"Join for free" on a listen page opens the sign-up view', async () => {
    const owner = await ownerOverApi(product.url, 'Ada Lovelace');
    const id = await sendMessage(owner, 'Welcome aboard');
    const context = await contextFor(browser, size);
    const page = await context.newPage();
    await page.goto(`${product.url}/listen/${id}`);
    const join = page.getByRole('link', { name: 'Join for free' });
    await join.focus();
    await page.keyboard.press('Enter');
    await signUpHeading(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect(await page.title()).toBe('Create your account · Vocal');
    await context.close();
  });

  it('an unknown address on /login is answered "No account for … yet", and its button creates the account by keyboard', async () => {
    const email = uniqueEmail('newcomer');
    const context = await contextFor(browser, size);
    const page = await context.newPage();
    await page.goto(`${product.url}/login?redirect=%2Frecord`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to Vocal' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');

    const notice = page.getByRole('status').filter({ hasText: `No account for ${email} yet` });
    await notice.waitFor();
    // A plain answer, not an error: no alert, and not the error's red.
    expect(await page.getByRole('alert').count()).toBe(0);
    const [noticeBackground, errorRed] = await notice.evaluate((element) => [
      getComputedStyle(element).backgroundColor,
      getComputedStyle(document.documentElement).getPropertyValue('--vk-color-danger-soft'),
    ]);
    expect(noticeBackground).not.toBe(errorRed.trim());
    expect(await axeViolations(page)).toEqual([]);

    // The offer is a 44 px button that Enter takes.
    const create = page.getByRole('button', { name: `Create an account for ${email}` });
    await create.focus();
    expect((await create.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.keyboard.press('Enter');
    await signUpHeading(page).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    // The password came along in memory, never in the address.
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(PASSWORD);
    expect(page.url()).not.toContain(encodeURIComponent(PASSWORD));
    await page.getByLabel('Your name').focus();
    await page.keyboard.type('Grace Hopper');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${product.url}/record`);

    // The account exists with that name, and its password signs in.
    const signedIn = await fetch(`${product.url}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    await context.close();
  });

  it('/login links to the sign-up view and back; both pass axe in light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await contextFor(browser, size, scheme);
      const page = await context.newPage();
      await page.goto(`${product.url}/login`);
      await page.getByLabel('Email').fill('someone.new@example.com');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('status').filter({ hasText: 'No account for someone.new@example.com yet' }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(shotsFolder, `signup-login-no-account-${size}-${scheme}.png`), fullPage: true });

      await page.goto(`${product.url}/login`);
      const link = page.getByRole('link', { name: 'Create an account' });
      await link.focus();
      await page.keyboard.press('Enter');
      await signUpHeading(page).waitFor();
      await page.evaluate(() => document.fonts.ready);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(shotsFolder, `signup-view-${size}-${scheme}.png`), fullPage: true });

      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign in to Vocal' }).waitFor();
      await context.close();
    }
  });
});
