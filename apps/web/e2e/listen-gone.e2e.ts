/**
 * What a visitor sees at a listen link that leads nowhere: an expired message (with the way
 * to ask its sender again, where they take messages) and a deleted one, styled in the app's
 * theme, accessible, and the same for a deleted link as for one that never existed.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { axeViolations, launchBrowser, signUpThroughPage } from '@vocal/e2e';
import { makeMp3, makePng } from '@vocal/test-fixtures';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensOf } from './support.ts';
import { sharedProduct, type SharedProduct } from './shared-product.ts';

let product: SharedProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
/** Screenshots to look at (apps/web/screenshots/, ignored by git), not to compare. */
const shots = join(import.meta.dirname, '..', 'screenshots');

beforeAll(async () => {
  product = sharedProduct();
  browser = await launchBrowser({});
  await mkdir(shots, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

type Api = { baseUrl: string; token: string };

async function call(api: Api, method: string, path: string, body?: unknown) {
  const response = await fetch(`${api.baseUrl}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A message sent the way the recorder sends it (get-vocal, then upload-vocal). */
async function sendMessage(api: Api, subject: string): Promise<string> {
  const { id } = (await call(api, 'GET', 'get-vocal')) as { id: string };
  const form = new FormData();
  form.set('recording', new Blob([(await makeMp3(2)) as Uint8Array<ArrayBuffer>], { type: 'audio/mpeg' }), `${id}.mp3`);
  form.set('image', new Blob([makePng() as Uint8Array<ArrayBuffer>], { type: 'image/png' }), `${id}.png`);
  form.set('context', JSON.stringify({ id, peaks: [0.2, 0.6, 0.4, 0.8, 0.5, 0.3], duration: 2, subject }));
  const uploaded = await fetch(`${api.baseUrl}/api/upload-vocal?id=${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  if (!uploaded.ok) throw new Error(`upload-vocal: ${uploaded.status} ${await uploaded.text()}`);
  return id;
}

async function owner(name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpThroughPage(page, product.url);
  const api = { baseUrl: product.url, token: (await tokensOf(page)).accessToken };
  await call(api, 'POST', 'account', { name });
  await context.close();
  return api;
}

/** The heading's computed font, and the document's (nothing may fall back to the browser's serif). */
const fontsOf = (page: Page) =>
  page.evaluate(() => [
    getComputedStyle(document.querySelector('h1')!).fontFamily,
    getComputedStyle(document.querySelector('p')!).fontFamily,
  ]);

const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** Light and dark (the page follows the visitor's system), phone and desktop. */
async function screenshots(url: string, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport, colorScheme: scheme, isMobile: size === 'phone', hasTouch: size === 'phone' });
      const page = await context.newPage();
      await page.goto(url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      if (scheme === 'dark') expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(shots, `listen-gone-${name}-${size}-${scheme}.png`), fullPage: true });
      await context.close();
    }
  }
}

describe('a listen link that leads nowhere', () => {
  it('expired: a styled page that names the sender, and "Ask … to send it again" opens their contact form', async () => {
    const api = await owner('Ada Lovelace');
    const id = await sendMessage(api, 'Launch plan');
    await call(api, 'POST', `edit/${id}`, { expiryDate: new Date(Date.now() - 1000).toISOString() });

    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    const response = await page.goto(`${product.url}/listen/${id}`);
    expect(response?.status()).toBe(410);
    await page.getByRole('heading', { level: 1, name: 'This voice message has expired' }).waitFor();
    await page.getByText('Ada Lovelace made it available for a limited time, and that time is over.').waitFor();
    await page.evaluate(() => document.fonts.ready);
    for (const font of await fontsOf(page)) {
      expect(font).toMatch(/Inter/);
      expect(font).not.toMatch(/Times/);
    }
    expect(await axeViolations(page)).toEqual([]);

    // By keyboard alone: Tab reaches the ask link first, Enter follows it.
    const ask = page.getByRole('link', { name: 'Ask Ada Lovelace to send it again' });
    await page.keyboard.press('Tab');
    await expect.poll(() => ask.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = await ask.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/contact-form\//);
    // The contact form of that very sender.
    const account = await call(api, 'GET', 'account');
    expect(new URL(page.url()).pathname).toBe(`/contact-form/${account.inviteCode as string}`);
    // Its form, loaded (not the page of an unknown form).
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 120_000 }).toBe('Send us a message');
    await context.close();

    await screenshots(`${product.url}/listen/${id}`, 'expired');
  });

  it('expired, from a sender who takes no replies: no ask link', async () => {
    const api = await owner('Grace Hopper');
    await call(api, 'POST', 'personalisation', { listenPage: { reply: { enabled: false } } });
    const id = await sendMessage(api, 'Closed');
    await call(api, 'POST', `edit/${id}`, { expiryDate: new Date(Date.now() - 1000).toISOString() });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.url}/listen/${id}`);
    await page.getByRole('heading', { level: 1, name: 'This voice message has expired' }).waitFor();
    expect(await page.getByRole('link', { name: /send it again/ }).count()).toBe(0);
    await context.close();
  });

  it('deleted: the same styled page as a link that never existed, naming no one', async () => {
    const api = await owner('Linus Pauling');
    const id = await sendMessage(api, 'Soon gone');
    await call(api, 'DELETE', `delete/${id}`);

    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${product.url}/listen/${id}`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'This voice message was deleted or doesn’t exist' }).waitFor();
    const deletedText = await page.locator('main').innerText();
    expect(deletedText).not.toContain('Linus');
    expect(await page.getByRole('link', { name: /send it again/ }).count()).toBe(0);
    for (const font of await fontsOf(page)) expect(font).not.toMatch(/Times/);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${product.url}/listen/AAAAAAAAAAAA`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('main').innerText()).toBe(deletedText);
    await context.close();

    await screenshots(`${product.url}/listen/${id}`, 'deleted');
  });

  it('the embedded player of a gone message is styled too', async () => {
    const context = await browser.newContext({ viewport: { width: 560, height: 160 } });
    const page = await context.newPage();
    const response = await page.goto(`${product.url}/embed/player/AAAAAAAAAAAA`);
    expect(response?.status()).toBe(404);
    const title = page.getByText('This voice message isn’t available');
    await title.waitFor();
    expect(await title.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/Inter/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'embed-gone.png') });
    await context.close();
  });
});
