import { join } from 'node:path';
import { axeViolations, launchBrowser, scratchFolder, watchPageErrors } from '@vocal/e2e';
import { encodeLoginHash } from '@vocal/settings-model';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensOf } from './support.ts';
import { sharedProduct, type SharedProduct } from './shared-product.ts';

let product: SharedProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  product = sharedProduct();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

let counter = 0;

const signIn = async (email: string) => {
  const response = await fetch(`${product.url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  return (await response.json()) as { access_token: string; refresh_token: string };
};

/**
 * A new account with a display name. Each sign-in link is made from a new session: a link
 * carries a refresh token, which is spent once used.
 */
async function person(name: string) {
  const email = `${name.toLowerCase().replace(/\s+/g, '-')}-${++counter}-${Date.now()}@example.com`;
  const tokens = await signIn(email);
  await fetch(`${product.url}/api/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access_token}` },
    body: JSON.stringify({ name }),
  });
  const link = async (redirect = '/recordings') =>
    `${product.url}/auth#${encodeLoginHash({ token: (await signIn(email)).refresh_token, redirect })}`;
  return { email, name, link };
}

/** Whom the page's session belongs to, asked of the API with the page's own tokens. */
async function sessionOf(page: Page): Promise<string | undefined> {
  const { accessToken } = await tokensOf(page);
  const response = await fetch(`${product.url}/api/account`, { headers: { authorization: `Bearer ${accessToken}` } });
  return ((await response.json()) as { email?: string }).email;
}

/** A link's token is kept as both tokens until the page's first call refreshes it: wait for that. */
const signedInAs = (page: Page) => expect.poll(() => sessionOf(page), { timeout: 120_000 });

async function signedInPage(who: Awaited<ReturnType<typeof person>>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(await who.link());
  // Signed out, a link asks before it signs anyone in (issue 23, finding 8).
  await page.getByRole('button', { name: `Continue as ${who.name}` }).click();
  await page.waitForURL(`${product.url}/recordings`);
  await signedInAs(page).toBe(who.email);
  return { context, page };
}

describe('a sign-in link for another account', () => {
  it('asks before switching, says who is who, and "Stay" keeps the person signed in as themselves', async () => {
    const ada = await person('Ada');
    const mallory = await person('Mallory');
    const { context, page } = await signedInPage(ada);
    const errors = watchPageErrors(page);

    await page.goto(await mallory.link('/record'));
    const question = page.getByRole('region', { name: 'Switch accounts?' });
    await question.waitFor();
    expect(await question.textContent()).toContain(`You are signed in as Ada (${ada.email}).`);
    expect(await question.textContent()).toContain(`This link signs you in as Mallory (${mallory.email}).`);
    // The credential is out of the address bar while the question is asked.
    expect(page.url()).toBe(`${product.url}/auth`);

    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Stay as Ada' }).click();
    await page.waitForURL(`${product.url}/record`);
    await signedInAs(page).toBe(ada.email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Switch" signs the first person out and the link\'s account in', async () => {
    const ada = await person('Ada');
    const grace = await person('Grace');
    const { context, page } = await signedInPage(ada);
    const adaTokens = await tokensOf(page);

    await page.goto(await grace.link('/recordings'));
    await page.getByRole('button', { name: 'Switch to Grace' }).click();
    await page.waitForURL(`${product.url}/recordings`);
    await signedInAs(page).toBe(grace.email);
    // Ada's session on this device is over, not merely forgotten by the page.
    const old = await fetch(`${product.url}/api/account`, { headers: { authorization: `Bearer ${adaTokens.accessToken}` } });
    expect(old.status).toBe(401);
    await context.close();
  });

  it('signed out, a link names its account and asks; declining signs no one in (issue 23, finding 8)', async () => {
    const mallory = await person('Mallory');
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(await mallory.link('/record'));
    const question = page.getByRole('region', { name: 'Sign in as Mallory?' });
    await question.waitFor();
    expect(await question.textContent()).toContain(`This link signs you in to Vocal as Mallory (${mallory.email}).`);
    expect(page.url()).toBe(`${product.url}/auth`);
    // Nothing is signed in while the question is asked.
    const heldTokens = () => page.evaluate(() => window.localStorage.getItem('vocal.tokens'));
    expect(await heldTokens()).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    // Keyboard: the first button takes focus with Tab and Enter on the second declines.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${product.url}/login`);
    expect(await heldTokens()).toBeNull();

    const folder = await scratchFolder('vocal-link-sign-in-');
    for (const [label, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.goto(await mallory.link('/record'));
        await page.getByRole('button', { name: 'Continue as Mallory' }).waitFor();
        await page.screenshot({ path: join(folder, `link-sign-in-${label}-${colorScheme}.png`), fullPage: true });
        if (label === 'phone') {
          for (const button of await page.getByRole('region', { name: 'Sign in as Mallory?' }).getByRole('button').all()) {
            expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
          }
        }
      }
    }
    console.info(`link sign-in screenshots in ${folder}`);
    await page.getByRole('button', { name: 'Continue as Mallory' }).click();
    await page.waitForURL(`${product.url}/record`);
    await signedInAs(page).toBe(mallory.email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a link for the account already signed in asks nothing', async () => {
    const ada = await person('Ada');
    const { context, page } = await signedInPage(ada);
    await page.goto(await ada.link('/record'));
    await page.waitForURL(`${product.url}/record`);
    expect(await page.getByRole('region', { name: 'Switch accounts?' }).count()).toBe(0);
    await signedInAs(page).toBe(ada.email);
    await context.close();
  });

  it('looks right on a phone and a desktop, light and dark', async () => {
    const ada = await person('Ada Lovelace');
    const mallory = await person('Mallory');
    const folder = await scratchFolder('vocal-account-switch-');
    for (const [label, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { context, page } = await signedInPage(ada);
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.goto(await mallory.link());
        await page.getByRole('button', { name: 'Switch to Mallory' }).waitFor();
        await page.screenshot({ path: join(folder, `account-switch-${label}-${colorScheme}.png`), fullPage: true });
        await context.close();
      }
    }
    process.stdout.write(`Account switch screenshots: ${folder}\n`);
  });
});
