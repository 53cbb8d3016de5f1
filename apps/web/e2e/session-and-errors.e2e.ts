import { encodeLoginHash } from '@vocal/settings-model';
import { describe, expect, it } from 'vitest';
import { fileBrowser } from './file-browser.ts';
import { sharedProduct } from './shared-product.ts';

const product = sharedProduct();
const browser = await fileBrowser();

describe('sign-in, titles and errors', () => {
  it('sends a signed-out visitor to /login and back where they were going', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.url}/record`);
    await page.waitForURL(/\/login\?redirect=%2Frecord$/);
    expect(await page.title()).toBe('Log in · Vocal');
    const email = `back-${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: `Create an account for ${email}` }).click();
    await page.getByLabel('Your name').fill('Back Again');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${product.url}/record`);
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    await context.close();
  });

  it('shows the server’s message for a wrong password, and a short password is caught before sending', async () => {
    const email = `wrong-${Date.now()}@example.com`;
    await fetch(`${product.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'the right password' }),
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Use at least 8 characters').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Wrong password for this email address');
    expect(page.url()).toContain('/login');
    await context.close();
  });

  it('signs in from a cross-app link (/auth with a token hash) and lands on its redirect', async () => {
    const response = await fetch(`${product.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `link-${Date.now()}@example.com`, password: 'correct horse battery' }),
    });
    const tokens = (await response.json()) as { refresh_token: string };
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.url}/auth#${encodeLoginHash({ token: tokens.refresh_token, redirect: '/recordings' })}`);
    // Signed out, the link names its account and asks first (issue 23, finding 8).
    await page.getByRole('button', { name: /^Continue as / }).click();
    await page.waitForURL(`${product.url}/recordings`);
    await page.getByRole('heading', { name: 'No messages yet' }).waitFor();
    // The credential is out of the address bar.
    expect(page.url()).not.toContain('#');
    await context.close();
  });

  it('says so when a sign-in link is broken', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.url}/auth#not-a-login-link`);
    await page.getByRole('heading', { name: 'This sign-in link does not work' }).waitFor();
    await context.close();
  });

  it('titles a missing page "404 Page not found" and a malformed id "404 Page Not Found"', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('404 Page not found · Vocal');
    await page.goto(`${product.url}/collect/not.an.id`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.title()).toBe('404 Page Not Found · Vocal');
    await context.close();
  });

  it('shows the fatal-error screen on an unhandled error, and Continue returns to the page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.url}/login`);
    await page.getByLabel('Email').fill('kept@example.com');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Something broke in the client');
      });
    });
    await page.getByRole('heading', { name: 'Uh oh! An error occurred' }).waitFor();
    await page.getByText('You can still continue. If this issue persists please contact us').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Uh oh! An error occurred' }).waitFor({ state: 'detached' });
    expect(await page.getByLabel('Email').inputValue()).toBe('kept@example.com');
    await context.close();
  });
});
