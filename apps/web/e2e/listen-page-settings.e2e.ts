import { join } from 'node:path';
import { axeViolations, signUpThroughPage } from '@vocal/e2e';
import { makePng, makeSpeechWav } from '@vocal/test-fixtures';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fileBrowser } from './file-browser.ts';
import { VIEWPORTS } from './polish-support.ts';
import { sharedProduct } from './shared-product.ts';
import { closeAll, confirmReview, makePro, recordFor } from './support.ts';

/**
 * /settings/listen-page: each change shows in the live preview before it is saved, and on the
 * real listen page a signed-out visitor opens after it is saved. Free users meet the Pro
 * controls switched off with a way to /upgrade, never a save the server refuses.
 */
const product = sharedProduct();
const wav = await makeSpeechWav('A short message for the listen page settings.', { seconds: 6 });
const browser = await fileBrowser({ microphoneWav: wav, loop: true });
const { desktop: DESKTOP, phone: PHONE } = VIEWPORTS;

/** Signs up, optionally turns Pro, records a message; answers its listen link. */
async function ownerWithMessage(options: { pro: boolean; viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' }) {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, colorScheme: options.colorScheme ?? 'light' });
  const page = await context.newPage();
  const email = await signUpThroughPage(page, product.url);
  if (options.pro) await makePro(product.dataDir, email);
  await page.goto(`${product.url}/record`);
  await recordFor(page, 1);
  await confirmReview(page);
  const link = await page.getByRole('textbox', { name: 'Link to your message' }).inputValue();
  await page.goto(`${product.url}/settings/listen-page`);
  await page.getByRole('heading', { level: 1, name: 'Listen page' }).waitFor();
  return { context, page, link };
}

const preview = (page: Page) => page.locator('.preview-frame__page');
const switchNamed = (page: Page, name: string) => page.getByRole('switch', { name: new RegExp(`^${name}`) });
const backgroundOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
const saved = (page: Page) => page.locator('.save-bar__status').getByText('Saved', { exact: true }).waitFor();

describe('listen page settings', () => {
  it('a Pro owner changes everything; the preview follows as they type and the real page after saving', async () => {
    const owner = await ownerWithMessage({ pro: true });
    const { page } = owner;
    expect(await axeViolations(page)).toEqual([]);

    // Custom colours: the preview is repainted before anything is saved.
    await page.getByRole('radio', { name: 'Custom' }).check();
    await page.getByLabel('Background colour', { exact: true }).fill('#FFF8E7');
    await page.getByLabel('Primary colour', { exact: true }).fill('rgb(0, 105, 92)');
    await expect.poll(() => backgroundOf(preview(page).locator('.listen-page'))).toBe('rgb(255, 248, 231)');

    // A colour the spec does not allow is refused on its field, and Save stays off.
    await page.getByLabel('Text colour', { exact: true }).fill('not-a-colour');
    await page.getByText('Use a hex (#267EFA), rgb(), hsl() or a colour name').waitFor();
    expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    // Readable? A pale text colour on the cream background is flagged with its ratio.
    await page.getByLabel('Text colour', { exact: true }).fill('#EEEEEE');
    await expect.poll(() => page.locator('.contrast-note').textContent()).toMatch(/Text colour on background: 1\.\d:1/);
    await page.getByLabel('Text colour', { exact: true }).fill('hsl(215, 25%, 27%)');
    await page.locator('.contrast-note').waitFor({ state: 'detached' });

    await page.getByLabel('Words after your name').fill('left you a voice note');
    await preview(page).getByText('left you a voice note').waitFor();
    await switchNamed(page, 'Show the date').uncheck();
    await switchNamed(page, 'Allow download').uncheck();
    await switchNamed(page, 'Comments').uncheck();
    await preview(page).locator('.listen-card__date').waitFor({ state: 'detached' });
    expect(await preview(page).getByText('Download').count()).toBe(0);
    expect(await preview(page).locator('.comments').count()).toBe(0);

    await page
      .locator('.logo-field input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(makePng(160, 48)) });
    const logoUrl = await preview(page).locator('img.listen-page__logo').getAttribute('src');
    // Stored as a WebP (spec section 9), which the preview and the listen page below decode.
    expect(logoUrl).toMatch(/\/files\/images\/.+\.webp$/);

    await page.getByLabel('Message', { exact: true }).fill('Want a reply like this?');
    await page.getByLabel('Button', { exact: true }).fill('Book a call');
    // A Pro page shows only the owner's own call to action: none until it has a link.
    expect(await preview(page).getByText('Book a call').count()).toBe(0);

    // The server refuses a javascript: link; its words show on the link field, nothing is saved.
    const link = page.getByLabel('Button link');
    await link.fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('must be an http or https URL').waitFor();
    expect(await link.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.save-bar__status').textContent()).toContain('see the field marked above');

    await link.fill('https://example.com/book');
    await preview(page).getByText('Book a call').waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await saved(page);
    const previewBackground = await backgroundOf(preview(page).locator('.listen-page'));
    const previewButton = await backgroundOf(preview(page).locator('.listen-cta .vk-button'));

    // The real page, signed out: every change is there, in the same colours as the preview.
    const visitor = await browser.newContext({ viewport: DESKTOP });
    const listen = await visitor.newPage();
    await listen.goto(owner.link);
    await listen.getByText('left you a voice note').waitFor();
    const cta = listen.getByRole('link', { name: 'Book a call' });
    expect(await cta.getAttribute('href')).toBe('https://example.com/book');
    expect(await listen.getByText('Want a reply like this?').count()).toBe(1);
    expect(await backgroundOf(listen.locator('.listen-page'))).toBe(previewBackground);
    expect(previewBackground).toBe('rgb(255, 248, 231)');
    expect(await backgroundOf(cta)).toBe(previewButton);
    expect(await listen.locator('img.listen-page__logo').getAttribute('src')).toBe(logoUrl);
    expect(
      await listen.locator('img.listen-page__logo').evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth)),
    ).toBe(160);
    expect(await listen.locator('.listen-card__date').count()).toBe(0);
    expect(await listen.getByRole('link', { name: 'Download' }).count()).toBe(0);
    // Comments load with the page's second chunk: once it is in, no comments section came with it.
    await listen.locator('.listen-page__more').waitFor({ state: 'attached' });
    expect(await listen.getByRole('heading', { name: /^Comments/ }).count()).toBe(0);
    // The file itself stays public: the player needs it.
    const audioUrl = await listen.locator('audio').getAttribute('src');
    expect((await listen.request.get(audioUrl!)).status()).toBe(200);

    // A reload of the settings shows what was saved.
    await page.reload();
    expect(await page.getByLabel('Words after your name').inputValue()).toBe('left you a voice note');
    expect(await page.getByRole('radio', { name: 'Custom' }).isChecked()).toBe(true);
    await closeAll(owner.context, visitor);
  });

  it('a Free owner sees theme, logo and call to action off with a way to Pro, and saves the rest', async () => {
    const owner = await ownerWithMessage({ pro: false });
    const { page } = owner;
    expect(await page.getByRole('radio', { name: 'Slate' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Upload logo' }).isDisabled()).toBe(true);
    expect(await switchNamed(page, 'Show the call to action').isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'See what Pro adds' }).first().getAttribute('href')).toBe('/upgrade');
    expect(await axeViolations(page)).toEqual([]);

    await switchNamed(page, 'Voice replies').uncheck();
    await page.getByLabel('Words after your name').fill('sent you this');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await saved(page);

    const visitor = await browser.newContext({ viewport: DESKTOP });
    const listen = await visitor.newPage();
    await listen.goto(owner.link);
    await listen.getByText('sent you this').waitFor();
    expect(await listen.getByRole('button', { name: 'Reply' }).count()).toBe(0);
    await closeAll(owner.context, visitor);
  });

  it('on a phone, dark, the preview sits below the form, whole, and shows an uploaded logo stored as WebP', async () => {
    const owner = await ownerWithMessage({ pro: true, viewport: PHONE, colorScheme: 'dark' });
    const { page } = owner;
    await page
      .locator('.logo-field input[type=file]')
      .setInputFiles({ name: 'wide-logo.png', mimeType: 'image/png', buffer: Buffer.from(makePng(2000, 400)) });
    const logo = preview(page).locator('img.listen-page__logo');
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toMatch(/\/files\/images\/.+\.webp$/);
    // Decoded by the browser, fitted to 1024 px wide on the server (spec section 9).
    await expect.poll(() => logo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1024);
    const form = await page.getByRole('form', { name: 'Listen page settings' }).boundingBox();
    const frame = await page.locator('.preview-frame').boundingBox();
    expect(frame!.y).toBeGreaterThan(form!.y + form!.height - 1);
    expect(frame!.x).toBeGreaterThanOrEqual(0);
    expect(frame!.x + frame!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(import.meta.dirname, '..', 'screenshots', 'listen-page-settings-phone-dark.png'), fullPage: true });
    await closeAll(owner.context);
  });
});
