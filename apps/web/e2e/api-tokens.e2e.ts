/**
 * Issue 29, part 2: the API tokens settings page. A person makes a token with the keyboard
 * alone, copies it (shown once), a script uses it, the list shows when it was last used, and
 * revoking it stops the script at once. A phone by touch in dark; axe clean; screenshots.
 */
import { watchPageErrors } from '@vocal/e2e';
import { describe, expect, it } from 'vitest';
import { axeAndShootBothSchemes, ensureShotsFolder, expectThumbSized, horizontalOverflow, VIEWPORTS } from './polish-support.ts';
import { fileBrowser } from './file-browser.ts';
import { sharedProduct } from './shared-product.ts';
import { signedInContext } from './support.ts';

const product = sharedProduct();
const browser = await fileBrowser();
await ensureShotsFolder();

const asScript = (token: string) => fetch(`${product.url}/api/audio`, { headers: { authorization: `Bearer ${token}` } });

describe('API tokens', () => {
  it('on a desktop with the keyboard: makes a read token shown once, a script uses it, revoking stops it', async () => {
    const { context } = await signedInContext(browser, product.url, { viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${product.url}/settings`);
    await page.getByRole('link', { name: /^API tokens/ }).click();
    await page.getByRole('heading', { name: 'API tokens', level: 1 }).waitFor();
    await page.getByText('You have no API tokens yet.').waitFor();

    // An empty name is refused with what to do, and nothing is made.
    await page.getByRole('button', { name: 'Make token' }).click();
    await page.getByText('Give the token a name, such as the script that will use it').waitFor();

    await page.getByLabel('Name').focus();
    await page.keyboard.type('Nightly backup');
    await page.keyboard.press('Enter');
    const field = page.getByLabel('Your new token, “Nightly backup”');
    await field.waitFor();
    const token = await field.inputValue();
    expect(token).toMatch(/^vocal_pat_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('status').filter({ hasText: 'Copy it now: it is not shown again.' }).waitFor();
    const row = page.getByRole('listitem').filter({ hasText: 'Nightly backup' });
    expect(await row.textContent()).toMatch(/Read · made .* · last used Never/);
    await axeAndShootBothSchemes(page, 'light', 'api-tokens-desktop');

    // A script uses it; the page, loaded again, no longer shows the token but when it was used.
    expect((await asScript(token)).status).toBe(200);
    await page.reload();
    await row.waitFor();
    expect(await row.textContent()).not.toMatch(/last used Never/);
    expect(await page.content()).not.toContain(token);

    // Revoke, confirmed in a dialog, with the keyboard.
    await row.getByRole('button', { name: 'Revoke Nightly backup' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Revoke “Nightly backup”?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Revoke token' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Token “Nightly backup” revoked: it no longer works.' }).waitFor();
    await page.getByText('You have no API tokens yet.').waitFor();
    expect((await asScript(token)).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone in dark: a write token made by touch, no sideways scrolling, thumb-sized controls', async () => {
    const { context } = await signedInContext(browser, product.url, {
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await page.goto(`${product.url}/settings/api-tokens`);
    await page.getByLabel('Name').tap();
    await page.getByLabel('Name').fill('Zapier');
    await page.getByText('Read and write', { exact: true }).tap();
    await page.getByRole('button', { name: 'Make token' }).tap();
    const field = page.getByLabel('Your new token, “Zapier”');
    await field.waitFor();
    const token = await field.inputValue();
    const write = await fetch(`${product.url}/api/personalisation`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ defaults: { notifications: false } }),
    });
    expect(write.status).toBe(200);
    expect(await page.getByRole('listitem').filter({ hasText: 'Zapier' }).textContent()).toMatch(/Read and write/);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectThumbSized([
      page.getByRole('button', { name: 'Make token' }),
      page.getByRole('button', { name: 'Revoke Zapier' }),
      page.locator('.api-tokens__scope').first(),
    ]);
    await axeAndShootBothSchemes(page, 'dark', 'api-tokens-phone');
    await context.close();
  });
});
