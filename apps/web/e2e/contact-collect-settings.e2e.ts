import { readFile } from 'node:fs/promises';
import { axeViolations, signUpThroughPage } from '@vocal/e2e';
import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { fileBrowser } from './file-browser.ts';
import { VIEWPORTS } from './polish-support.ts';
import { sharedProduct } from './shared-product.ts';
import { apiAs, closeAll, makePro } from './support.ts';

/**
 * /settings/form and /settings/collect: the contact form's words and theme show in the live
 * preview as they are typed and on the real form after saving; both pages hand out their
 * link, an embed code that a phone shows whole, and a QR code that decodes to the link.
 */
const product = sharedProduct();
const browser = await fileBrowser();
const { desktop: DESKTOP, phone: PHONE } = VIEWPORTS;

async function owner(options: { pro: boolean; viewport?: { width: number; height: number } }) {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP });
  const page = await context.newPage();
  const email = await signUpThroughPage(page, product.url);
  if (options.pro) await makePro(product.dataDir, email);
  const inviteCode = (await apiAs(product.url, page, 'GET', 'account')).body.inviteCode as string;
  return { context, page, inviteCode };
}

/** Reads the QR code on screen the way a phone camera would: from its pixels. */
async function decodeQr(image: Locator): Promise<string | null> {
  const png = PNG.sync.read(await image.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

const preview = (page: Page) => page.locator('.preview-frame__page');
const backgroundOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);

/** Nothing wider than the phone: the page does not scroll sideways and `locator` ends inside. */
async function expectWhole(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe('contact form settings', () => {
  it('the words and theme show in the preview as typed, and on the real form once saved', async () => {
    const { context, page, inviteCode } = await owner({ pro: true });
    await page.goto(`${product.url}/settings/form`);
    await page.getByRole('heading', { level: 1, name: 'Contact Form' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Title', { exact: true }).fill('Leave us a voice note');
    await preview(page).getByRole('heading', { name: 'Leave us a voice note' }).waitFor();
    await page.getByLabel('Microphone button', { exact: true }).fill('Allow the mic');
    await preview(page).getByText('Allow the mic').waitFor();
    // The written message's placeholder shows in the preview's written state.
    await page.getByLabel('Written message placeholder').fill('Tell us everything');
    await expect.poll(() => preview(page).locator('textarea').getAttribute('placeholder')).toBe('Tell us everything');

    await page.getByRole('radio', { name: 'Custom' }).check();
    await page.getByLabel('Background colour', { exact: true }).fill('#E8F5E9');
    await expect.poll(() => backgroundOf(preview(page).locator('.visitor-page'))).toBe('rgb(232, 245, 233)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.save-bar__status').getByText('Saved', { exact: true }).waitFor();

    const visitor = await browser.newContext({ viewport: DESKTOP, askForMicrophone: true });
    const form = await visitor.newPage();
    await form.goto(`${product.url}/contact-form/${inviteCode}`);
    await form.getByRole('heading', { level: 1, name: 'Leave us a voice note' }).waitFor();
    await form.getByRole('button', { name: 'Allow the mic' }).waitFor();
    expect(await backgroundOf(form.locator('.visitor-page'))).toBe('rgb(232, 245, 233)');
    await closeAll(context, visitor);
  });

  it('hands out the link, the embed code and a QR code that decodes to the link, with downloads', async () => {
    const { context, page, inviteCode } = await owner({ pro: false });
    await page.goto(`${product.url}/settings/form`);
    const url = await page.getByRole('textbox', { name: 'Link to your contact form' }).inputValue();
    expect(url).toMatch(new RegExp(`/contact-form/${inviteCode}$`));
    expect(await page.getByRole('textbox', { name: 'Embed code' }).inputValue()).toContain(`src="${url}"`);
    expect(await decodeQr(page.getByRole('img', { name: 'QR code of the contact form link' }))).toBe(url);

    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()]);
    expect(svg.suggestedFilename()).toBe('contact-form-qr.svg');
    expect(await readFile((await svg.path())!, 'utf8')).toMatch(/^<svg [^>]*viewBox/);
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
    expect(png.suggestedFilename()).toBe('contact-form-qr.png');
    const picture = PNG.sync.read(await readFile((await png.path())!));
    expect(jsQR(new Uint8ClampedArray(picture.data), picture.width, picture.height)?.data).toBe(url);

    // Free: the theme is Pro's, said beside it; the words stay open.
    expect(await page.getByRole('radio', { name: 'Light' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Title', { exact: true }).isDisabled()).toBe(false);
    await closeAll(context);
  });

  it('on a phone the embed code, its copy button and the preview are not cut off', async () => {
    const { context, page } = await owner({ pro: false, viewport: PHONE });
    await page.goto(`${product.url}/settings/form`);
    await page.getByRole('textbox', { name: 'Embed code' }).waitFor();
    await expectWhole(page, page.getByRole('textbox', { name: 'Embed code' }));
    await expectWhole(page, page.getByRole('button', { name: 'Copy embed code' }));
    await expectWhole(page, page.locator('.preview-frame'));
    expect(await axeViolations(page)).toEqual([]);
    await closeAll(context);
  });
});

describe('collect page settings', () => {
  it('hands out the collect link with its embed code and a QR code that decodes to it', async () => {
    const { context, page, inviteCode } = await owner({ pro: false, viewport: PHONE });
    await page.goto(`${product.url}/settings/collect`);
    await page.getByRole('heading', { level: 1, name: 'Collections' }).waitFor();
    const url = await page.getByRole('textbox', { name: 'Link to your collect page' }).inputValue();
    expect(url).toMatch(new RegExp(`/collect/${inviteCode}$`));
    expect(await page.getByRole('textbox', { name: 'Embed code' }).inputValue()).toContain(`src="${url}"`);
    expect(await decodeQr(page.getByRole('img', { name: 'QR code of the collect page link' }))).toBe(url);
    await expectWhole(page, page.getByRole('textbox', { name: 'Embed code' }));
    expect(await axeViolations(page)).toEqual([]);

    const visitor = await browser.newContext({ viewport: PHONE });
    const collect = await visitor.newPage();
    await collect.goto(url);
    await collect.getByRole('heading', { level: 1, name: /^Send .+ a voice message$/ }).waitFor();
    await closeAll(context, visitor);
  });
});
