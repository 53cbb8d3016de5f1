/**
 * A password on a message (issue 29, part 3; decision 0074): the owner protects a sent message
 * from the inbox by keyboard; a stranger who opens the link sees only the password form, a wrong
 * password is refused in words, the right one shows the message in place and it plays, all by
 * keyboard; the owner sees their own message without the password. Phone and desktop, light
 * and dark, axe clean, touch targets of 44 px, with screenshots of the form and the dialog.
 */
import { join } from 'node:path';
import { axeViolations, signUpThroughPage } from '@vocal/e2e';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  contextFor,
  ensureShotsFolder,
  expectThumbSized,
  horizontalOverflow,
  sendMessage,
  shotsFolder,
  EVERY_LOOK,
} from './polish-support.ts';
import { fileBrowser } from './file-browser.ts';
import { sharedProduct } from './shared-product.ts';
import { tokensOf } from './support.ts';

const product = sharedProduct();
const browser = await fileBrowser({});
await ensureShotsFolder();

const PASSWORD = 'heron-42-blue';
const SUBJECT = 'Board pack, do not forward';

const card = (page: Page, subject: string) => page.locator('article.inbox-item', { hasText: subject });

/** Presses Enter on what the keyboard reaches with `focus`, as a keyboard user would. */
async function pressOn(page: Page, target: ReturnType<Page['getByRole']>) {
  await target.focus();
  await page.keyboard.press('Enter');
}

describe('a password on a message', () => {
  it('the owner protects it by keyboard; a stranger is asked, refused, then listens; the owner is never asked', async () => {
    const owner = await contextFor(browser, 'desktop', 'light');
    const page = await owner.newPage();
    const email = await signUpThroughPage(page, product.url);
    const id = await sendMessage({ baseUrl: product.url, token: (await tokensOf(page)).accessToken, email }, SUBJECT);

    await page.goto(`${product.url}/recordings`);
    await pressOn(page, card(page, SUBJECT).getByRole('button', { name: `More actions for ${SUBJECT}` }));
    const entry = page.getByRole('menuitem', { name: 'Privacy…' });
    await entry.waitFor();
    await pressOn(page, entry);
    const dialog = page.getByRole('dialog', { name: 'Who can listen to this message?' });
    await dialog.waitFor();
    const anyone = dialog.getByRole('radio', { name: /Anyone with the link/ });
    expect(await anyone.isChecked()).toBe(true);
    await anyone.focus();
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: /Only people who know the password/ }).isChecked()).toBe(true);
    // Too short is refused in words, and nothing is saved.
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('abc');
    await pressOn(page, dialog.getByRole('button', { name: 'Save' }));
    await dialog.getByText('Use at least 4 characters.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shotsFolder, 'password-dialog-desktop-light.png') });
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await pressOn(page, dialog.getByRole('button', { name: 'Save' }));
    await dialog.waitFor({ state: 'detached' });
    await card(page, SUBJECT).getByText('Password protected').waitFor();

    // The owner still downloads it from the inbox, from an address signed at that moment (the
    // list's own last an hour, and a tab may be open longer).
    await pressOn(page, card(page, SUBJECT).getByRole('button', { name: `More actions for ${SUBJECT}` }));
    const downloading = page.waitForEvent('download');
    const signedAgain = page.waitForResponse((response) => response.url().endsWith(`/api/edit/${id}`) && response.status() === 200);
    await pressOn(page, page.getByRole('menuitem', { name: 'Download' }));
    const fresh = (await (await signedAgain).json()) as { audioUrl: string };
    const download = await downloading;
    expect(download.url()).toBe(fresh.audioUrl);
    expect(download.suggestedFilename()).toBe(`${SUBJECT}.mp3`);
    expect(download.url()).toMatch(/\?expires=\d+&signature=/);
    const file = await fetch(download.url());
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/mpeg');

    // Without the password the payload says nothing of the message.
    const refused = await fetch(`${product.url}/api/view-vocal/${id}`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ msg: 'This voice message is protected by a password', protected: true, privacy: 'password' });

    for (const [size, scheme] of EVERY_LOOK) {
      const stranger = await contextFor(browser, size, scheme);
      const listener = await stranger.newPage();
      await listener.goto(`${product.url}/listen/${id}`);
      await listener.getByRole('heading', { name: 'This voice message is protected' }).waitFor();
      expect(await listener.content()).not.toContain(SUBJECT);
      expect(await listener.title()).toBe('A private voice message · Vocal');
      const field = listener.getByLabel('Password');
      const listen = listener.getByRole('button', { name: 'Listen' });
      // The field has the focus: the keyboard starts where the password goes.
      await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
      await expectThumbSized([field, listen]);
      expect(await horizontalOverflow(listener)).toBe(0);
      expect(await axeViolations(listener), `${size} ${scheme}`).toEqual([]);
      await listener.screenshot({ path: join(shotsFolder, `password-form-${size}-${scheme}.png`) });

      await listener.keyboard.type('not the password');
      await listener.keyboard.press('Enter');
      await listener.getByRole('alert').filter({ hasText: 'That password isn’t right' }).waitFor();
      expect(await axeViolations(listener), `${size} ${scheme} refused`).toEqual([]);
      if (size === 'phone') await listener.screenshot({ path: join(shotsFolder, `password-form-wrong-${size}-${scheme}.png`) });
      expect(await listener.content()).not.toContain(SUBJECT);

      // The refusal selected what was typed: typing again replaces it.
      await listener.keyboard.type(PASSWORD);
      await listener.keyboard.press('Enter');
      await listener.getByRole('heading', { name: SUBJECT }).waitFor();
      const play = listener.getByRole('button', { name: 'Play', exact: true });
      await play.focus();
      await listener.keyboard.press('Enter');
      await expect.poll(() => listener.evaluate(() => document.querySelector('audio')?.currentTime ?? 0)).toBeGreaterThan(0);
      // Its audio comes from a signed address, never the plain one.
      const source = await listener.evaluate(() => document.querySelector('audio')?.currentSrc ?? '');
      // Under a name nobody can guess (decision 0077).
      expect(source).toMatch(new RegExp(`/files/${id}_[\\w-]{22}\\.mp3\\?expires=\\d+&signature=`));
      expect((await fetch(source.split('?')[0]!)).status).toBe(404);
      expect(await axeViolations(listener), `${size} ${scheme} unlocked`).toEqual([]);

      // A reload in the same tab keeps it open (the token is in this tab's sessionStorage).
      await listener.reload();
      await listener.getByRole('heading', { name: SUBJECT }).waitFor();
      await stranger.close();
    }

    // The owner, signed in, opens their own link and is never asked.
    const own = await page.context().newPage();
    await own.goto(`${product.url}/listen/${id}`);
    await own.getByRole('heading', { name: SUBJECT }).waitFor();
    expect(await own.getByLabel('Password').count()).toBe(0);
    await owner.close();
  });

  it('the dialog on a phone in the dark: it fits, its targets are thumb-sized, and removing the password opens the link', async () => {
    const owner = await contextFor(browser, 'phone', 'dark');
    const page = await owner.newPage();
    const email = await signUpThroughPage(page, product.url);
    const subject = 'Draft for Priya';
    const id = await sendMessage({ baseUrl: product.url, token: (await tokensOf(page)).accessToken, email }, subject);
    await page.goto(`${product.url}/recordings`);
    await pressOn(page, card(page, subject).getByRole('button', { name: `More actions for ${subject}` }));
    await pressOn(page, page.getByRole('menuitem', { name: 'Privacy…' }));
    const dialog = page.getByRole('dialog', { name: 'Who can listen to this message?' });
    await dialog.getByRole('radio', { name: /Only people who know the password/ }).check();
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(390);
    await expectThumbSized([
      ...(await dialog.getByRole('radio').all()).map((radio) => radio.locator('xpath=ancestor::label')),
      dialog.getByRole('textbox', { name: 'Password', exact: true }),
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shotsFolder, 'password-dialog-phone-dark.png') });
    await pressOn(page, dialog.getByRole('button', { name: 'Save' }));
    await dialog.waitFor({ state: 'detached' });
    expect((await fetch(`${product.url}/api/view-vocal/${id}`)).status).toBe(401);

    await pressOn(page, card(page, subject).getByRole('button', { name: `More actions for ${subject}` }));
    await pressOn(page, page.getByRole('menuitem', { name: 'Privacy…' }));
    await dialog.getByRole('textbox', { name: 'New password' }).waitFor();
    await dialog.getByRole('radio', { name: /Anyone with the link/ }).check();
    await pressOn(page, dialog.getByRole('button', { name: 'Save' }));
    await dialog.waitFor({ state: 'detached' });
    expect((await fetch(`${product.url}/api/view-vocal/${id}`)).status).toBe(200);
    expect(await card(page, subject).getByText('Password protected').count()).toBe(0);
    await owner.close();
  });
});
