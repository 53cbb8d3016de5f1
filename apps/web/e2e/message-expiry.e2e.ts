/**
 * When a sent message expires (issue 27, item 8): chosen in review before the link is handed out
 * (never, 1, 7 or 30 days), set later from the inbox item's menu (the same, or a day the owner
 * picks), shown in the inbox as "Expires …" and on the listen page,
 * to anyone with the link, as "Available until …". On a desktop with the mouse and on a phone
 * with the keyboard, light and dark; axe clean.
 */
import { join } from 'node:path';
import { animationsSettled, axeViolations, clockReaches, launchBrowser, signUpThroughPage } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeAndShootBothSchemes,
  contextFor,
  ensureShotsFolder,
  horizontalOverflow,
  sendMessage,
  shotsFolder,
  type ViewportName,
} from './polish-support.ts';
import { fileBrowser } from './file-browser.ts';
import { sharedProduct } from './shared-product.ts';
import { messagesOf, tokensOf } from './support.ts';

const product = sharedProduct();
const browser = await fileBrowser({});
await ensureShotsFolder();

/** A new owner signed in on `page` with one sent message titled `subject`; answers its id. */
async function ownerWithMessage(page: Page, subject: string) {
  const email = await signUpThroughPage(page, product.url);
  return sendMessage({ baseUrl: product.url, token: (await tokensOf(page)).accessToken, email }, subject);
}

const card = (page: Page, subject: string) => page.locator('article.inbox-item', { hasText: subject });

/** A day as the listen page writes it, in the browser's own locale. */
const longDay = (page: Page, iso: string) =>
  page.evaluate((when) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(when)), iso);

async function expiryOf(id: string): Promise<string | null> {
  const response = await fetch(`${product.url}/api/view-vocal/${id}`);
  return ((await response.json()) as { audio: { expiryDate: string | null } }).audio.expiryDate;
}

describe('message expiry', () => {
  it('on a desktop: set to 7 days from the menu, shown in the inbox and to a visitor, then back to never', async () => {
    // One flow; what is looked at is checked in light and dark on the same page (a flow per scheme
    // only repeated the sign-up, the message and every load for the colours).
    const context = await contextFor(browser, 'desktop', 'light');
    const page = await context.newPage();
    const subject = 'Contract notes';
    const id = await ownerWithMessage(page, subject);
    await page.goto(`${product.url}/recordings`);
    await card(page, subject)
      .getByRole('button', { name: `More actions for ${subject}` })
      .click();
    await page.getByRole('menuitem', { name: 'Expiry…' }).click();

    const dialog = page.getByRole('dialog', { name: 'When should this message expire?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: 'Never' }).isChecked()).toBe(true);
    // A day is asked for, and refused while missing.
    await dialog.getByRole('radio', { name: 'On a date' }).check();
    await dialog.getByRole('button', { name: 'Save expiry' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Choose the day it should stop being available.' }).waitFor();
    await axeAndShootBothSchemes(page, 'light', 'expiry-dialog-desktop');

    const before = Date.now();
    await dialog.getByRole('radio', { name: 'In 7 days' }).check();
    await dialog.getByRole('button', { name: 'Save expiry' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await expiryOf(id);
    expect(saved).not.toBeNull();
    const weekMs = 7 * 24 * 3600 * 1000;
    expect(Date.parse(saved!)).toBeGreaterThanOrEqual(before + weekMs - 1000);
    expect(Date.parse(saved!)).toBeLessThanOrEqual(Date.now() + weekMs + 1000);
    const shortDay = await page.evaluate(
      (when) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(when)),
      saved!,
    );
    await card(page, subject).getByText(`Expires ${shortDay}`).waitFor();

    // Anyone with the link sees until when they can listen.
    const visitor = await contextFor(browser, 'desktop', 'light');
    const listen = await visitor.newPage();
    await listen.goto(`${product.url}/listen/${id}`);
    await listen.getByText(`Available until ${await longDay(listen, saved!)}`).waitFor();
    // The listen page wears its owner's theme, not the visitor's system scheme: one look is all of it.
    expect(await axeViolations(listen)).toEqual([]);
    await visitor.close();

    // Back to never: the inbox line goes, the reopened dialog starts on never.
    await card(page, subject)
      .getByRole('button', { name: `More actions for ${subject}` })
      .click();
    await page.getByRole('menuitem', { name: 'Expiry…' }).click();
    expect(await dialog.getByRole('radio', { name: 'On a date' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'Never' }).check();
    await dialog.getByRole('button', { name: 'Save expiry' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => expiryOf(id)).toBeNull();
    expect(await card(page, subject).locator('.inbox-item__expiry').count()).toBe(0);
    await context.close();
  });

  it('on a phone with the keyboard alone: a picked day, the dialog fits the screen', async () => {
    const size: ViewportName = 'phone';
    const context = await contextFor(browser, size, 'light');
    const page = await context.newPage();
    const subject = 'Site visit';
    const id = await ownerWithMessage(page, subject);
    await page.goto(`${product.url}/recordings`);
    const more = card(page, subject).getByRole('button', { name: `More actions for ${subject}` });
    await more.focus();
    await page.keyboard.press('Enter');
    const entry = page.getByRole('menuitem', { name: 'Expiry…' });
    await entry.waitFor();
    await entry.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'When should this message expire?' });
    await dialog.waitFor();
    // Focus starts on the choices; arrows move through them as in any radio group.
    await dialog.getByRole('radio', { name: 'Never' }).focus();
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: 'On a date' }).isChecked()).toBe(true);
    const day = dialog.getByLabel('Last day it can be heard');
    await day.waitFor();
    // Two weeks ahead, typed as the date field takes it from a keyboard.
    const picked = await page.evaluate(() => {
      const when = new Date(Date.now() + 14 * 24 * 3600 * 1000);
      return `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-${String(when.getDate()).padStart(2, '0')}`;
    });
    await day.fill(picked);
    expect(await horizontalOverflow(page)).toBe(0);
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    // Measured as settled: while the dialog rises in it is scaled down (rows 43.9 px tall).
    await animationsSettled(page);
    for (const target of await dialog.getByRole('radio').all()) {
      const label = await target.evaluate((input) => input.closest('label')!.getBoundingClientRect().height);
      expect(label).toBeGreaterThanOrEqual(44);
    }
    await axeAndShootBothSchemes(page, 'light', 'expiry-dialog-phone');
    await dialog.getByRole('button', { name: 'Save expiry' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    const saved = await expiryOf(id);
    const [year, month, date] = picked.split('-').map(Number);
    expect(
      await page.evaluate((when) => {
        const at = new Date(when);
        return [at.getFullYear(), at.getMonth() + 1, at.getDate(), at.getHours(), at.getMinutes()];
      }, saved!),
    ).toEqual([year, month, date, 23, 59]);

    const visitor = await contextFor(browser, size, 'light');
    const listen = await visitor.newPage();
    await listen.goto(`${product.url}/listen/${id}`);
    await listen.getByText(`Available until ${await longDay(listen, saved!)}`).waitFor();
    expect(await horizontalOverflow(listen)).toBe(0);
    // The listen page wears its owner's theme, not the visitor's system scheme: one look is all of it.
    await listen.screenshot({ path: join(shotsFolder, 'expiry-listen-phone.png') });
    await visitor.close();
    await context.close();
  });

  it('in review: "Link expires" is saved with the link, on a phone and on a desktop', async () => {
    const wav = await makeSpeechWav('Here is the plan for the site visit next week.', { seconds: 6 });
    const recorder = await launchBrowser({ microphoneWav: wav, loop: true });
    try {
      for (const [size, scheme] of [
        ['phone', 'dark'],
        ['desktop', 'light'],
      ] as const) {
        const context = await contextFor(recorder, size, scheme);
        const page = await context.newPage();
        await signUpThroughPage(page, product.url);
        await page.goto(`${product.url}/record`);
        await page.getByRole('button', { name: 'Start recording' }).click();
        await page.getByRole('button', { name: 'Stop recording' }).waitFor();
        await clockReaches(page, 2);
        await page.getByRole('button', { name: 'Stop recording' }).click();
        await page.getByText('Uploaded. Your link is ready.').waitFor();

        const expires = page.getByLabel('Link expires');
        expect(await expires.inputValue()).toBe('never');
        expect(await expires.locator('option').allTextContents()).toEqual(['Never', 'In 1 day', 'In 7 days', 'In 30 days']);
        await expires.selectOption('30');
        const height = (await expires.boundingBox())!.height;
        expect(height).toBeGreaterThanOrEqual(44);
        expect(await horizontalOverflow(page)).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: join(shotsFolder, `expiry-review-${size}-${scheme}.png`) });

        const before = Date.now();
        await page.getByRole('button', { name: 'Get link' }).click();
        const [take] = await messagesOf(product.url, page);
        await expect.poll(() => expiryOf(take!.id)).not.toBeNull();
        const saved = await expiryOf(take!.id);
        const monthMs = 30 * 24 * 3600 * 1000;
        expect(Date.parse(saved!)).toBeGreaterThanOrEqual(before + monthMs - 1000);
        expect(Date.parse(saved!)).toBeLessThanOrEqual(Date.now() + monthMs + 1000);
        expect(await page.getByRole('alert').count()).toBe(0);

        await page.goto(`${product.url}/listen/${take!.id}`);
        await page.getByText(`Available until ${await longDay(page, saved!)}`).waitFor();
        await context.close();
      }
    } finally {
      await recorder.close();
    }
  });
});
