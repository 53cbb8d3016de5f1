import { axeViolations, launchBrowser, startProduct, type ApiProcess } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail, startSmtpCapture, type SmtpCapture } from '@vocal/test-fixtures/smtp';
import { apiAs, confirmReview, recordFor, tokensOf } from './support.ts';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';

let product: ApiProcess;
let closedProduct: ApiProcess;
let smtp: SmtpCapture;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let counter = 0;
const newEmail = () => `accounts-${++counter}-${Date.now()}@example.com`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  const wav = await makeSpeechWav('Hello, this is a voice message from the accounts test.', { seconds: 6 });
  [product, closedProduct, browser] = await Promise.all([
    startProduct({ env: { SMTP_URL: smtp.url } }),
    startProduct({ env: { SIGNUP: 'closed', SIGNUP_CONTACT: 'it@example.com' } }),
    launchBrowser({ microphoneWav: wav, loop: true }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([product?.stop(), closedProduct?.stop()]);
  await smtp?.close();
});

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** The sign-in step of /login, filled and sent. */
async function signInWith(page: Page, baseUrl: string, email: string, password: string) {
  // Waiting for the form rather than the load event: once, on a busy CI machine, the first
  // navigation of a fresh page was aborted and replaced before "load" (net::ERR_ABORTED).
  await page.goto(`${baseUrl}/login`, { waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'Sign in to Vocal' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Signs up through the page with a name: the failed sign-in, the offer, the name step. */
async function signUpWithName(page: Page, email: string, name: string) {
  await signInWith(page, product.url, email, PASSWORD);
  await page
    .getByRole('status')
    .filter({ hasText: `No account for ${email} yet` })
    .waitFor();
  await page.getByRole('button', { name: `Create an account for ${email}` }).click();
  await page.getByRole('heading', { name: 'Create your Vocal account' }).waitFor();
  await expectNoAxeViolations(page);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${product.url}/recordings`);
}

describe('signing up and in', () => {
  it('asks before creating an account, takes a display name, and the name shows on the listen page and in mail', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = newEmail();
    await page.goto(`${product.url}/login`);
    // The page is drawn by script: axe judges it once its heading is there.
    await page.getByRole('heading', { name: 'Sign in to Vocal' }).waitFor();
    await expectNoAxeViolations(page);

    // A typo'd address is not created silently: going back leaves no account behind. (The
    // person then signs up with the address they meant: another email, so the repeated
    // failures of one address never meet the sign-in backoff however fast this runs.)
    const typo = email.replace('@example.com', '@exmaple.com');
    await signInWith(page, product.url, typo, PASSWORD);
    await page.getByRole('button', { name: `Create an account for ${typo}` }).click();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to Vocal' }).waitFor();
    const probe = await fetch(`${product.url}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: typo, password: PASSWORD }),
    });
    expect(probe.status).toBe(404);

    await signUpWithName(page, email, 'Ada Lovelace');
    expect((await apiAs(product.url, page, 'GET', 'account')).body.name).toBe('Ada Lovelace');

    await page.goto(`${product.url}/record`);
    await recordFor(page, 2);
    await confirmReview(page);
    const link = (await page.getByRole('textbox', { name: 'Link to your message' }).inputValue()).replace('localhost', '127.0.0.1');

    const listener = await browser.newContext();
    const listenPage = await listener.newPage();
    await listenPage.goto(link);
    await listenPage.getByText('Ada Lovelace', { exact: false }).first().waitFor();
    expect(await listenPage.locator('body').textContent()).not.toContain('Someone shared');

    // A contact-form message mails the owner, greeting them by the name they chose.
    const inviteCode = (await apiAs(product.url, page, 'GET', 'account')).body.inviteCode as string;
    const sent = await fetch(`${product.url}/api/contact-form/${inviteCode}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'visitor@example.com', message: 'Hello Ada, could you call me back?' }),
    });
    expect(sent.status).toBe(201);
    const mail = await smtp.waitForMail(email, /could you call me back/);
    expect(decodeMail(mail.raw)).toContain('Ada Lovelace');
    await Promise.all([context.close(), listener.close()]);
  });

  it('every password field has a Show button that is a 44 px toggle and works with the keyboard', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/login`);
    const field = page.getByLabel('Password', { exact: true });
    await field.fill('typed secretly');
    const toggle = page.getByRole('button', { name: 'Show password' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    const box = await toggle.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
    await field.focus();
    await page.keyboard.press('Tab');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await field.getAttribute('type')).toBe('text');
    await page.keyboard.press('Space');
    expect(await field.getAttribute('type')).toBe('password');
    await context.close();
  });

  it('says sign-up is closed, and whom to ask, when SIGNUP=closed', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${closedProduct.url}/login`);
    await page.getByText('Sign-up is closed on this server: ask it@example.com for an account.').first().waitFor();
    await signInWith(page, closedProduct.url, newEmail(), PASSWORD);
    await page.getByRole('status').filter({ hasText: 'No account for' }).waitFor();
    expect(await page.getByRole('button', { name: /Create an account/ }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe('passwords', () => {
  it('resets a forgotten password by mail: the link works once, then the new password signs in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = newEmail();
    await signUpWithName(page, email, 'Grace Hopper');
    // Signed out behind the app's back, the open app would notice and go to /login by itself,
    // cutting short the page.goto below: the app is left first.
    const { accessToken } = await tokensOf(page);
    await page.goto('about:blank');
    expect((await fetch(`${product.url}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(
      200,
    );

    await page.goto(`${product.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account uses this address' }).waitFor();

    const mail = decodeMail((await smtp.waitForMail(email, /reset-password#token=/)).raw);
    const link = /https?:\/\/\S+\/reset-password#token=[\w-]+/.exec(mail)![0].replace('localhost', '127.0.0.1');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(/\/login\?done=reset$/);
    await page.getByText('Your new password is set').waitFor();

    await signInWith(page, product.url, email, NEW_PASSWORD);
    await page.waitForURL(`${product.url}/recordings`);

    // The same link again: refused, and the page says what to do.
    const again = await context.newPage();
    await again.goto(link);
    await again.getByRole('alert').filter({ hasText: 'This reset link has expired or was already used' }).waitFor();
    await again.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await expectNoAxeViolations(again);
    await context.close();
  });

  it('changing the password signs out another browser, which lands on /login', async () => {
    const email = newEmail();
    const mine = await browser.newContext();
    const page = await mine.newPage();
    await signUpWithName(page, email, 'Katherine Johnson');
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await signInWith(other, product.url, email, PASSWORD);
    await other.waitForURL(`${product.url}/recordings`);
    // Read now: once its session is revoked the other page may sign itself out and reload at any moment.
    const { accessToken: otherToken } = await tokensOf(other);

    await page.goto(`${product.url}/settings`);
    await page.getByRole('link', { name: /Password & account/ }).click();
    await page.getByRole('heading', { name: 'Password & account' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This is not the password of this account').waitFor();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Every other device has been signed out.').waitFor();

    // The other browser's session is gone: its next call is refused and it is sent to sign in.
    const refused = await fetch(`${product.url}/api/account`, {
      headers: { authorization: `Bearer ${otherToken}` },
      signal: AbortSignal.timeout(120_000),
    });
    expect(refused.status).toBe(401);
    await other.goto(`${product.url}/settings`);
    await other.waitForURL(/\/login/);
    // This one stays signed in.
    expect((await apiAs(product.url, page, 'GET', 'account')).status).toBe(200);
    await Promise.all([mine.close(), elsewhere.close()]);
  });

  it('deletes the account after saying what goes and checking the password, then says goodbye', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = newEmail();
    await signUpWithName(page, email, 'Ada Deleted');
    await page.goto(`${product.url}/settings/account`);
    await page.getByText('This cannot be undone.').waitFor();
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('This is not the password of this account').waitFor();
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(/\/login\?done=deleted$/);
    await page.getByText('Your account and everything in it have been deleted.').waitFor();
    const probe = await fetch(`${product.url}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(probe.status).toBe(404);
    await context.close();
  });
});
