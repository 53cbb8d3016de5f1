/**
 * A take is hard to lose or mangle (issue 27, item 5): Discard has Undo, like the inbox's
 * delete, and the title counts against the limit the server keeps (200) as it is typed, and
 * is refused past it rather than cut.
 */
import { join } from 'node:path';
import { axeViolations, clockReaches, signUpThroughPage } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { Page } from 'playwright-core';
import { RECORDING_TITLE_MAX_LENGTH } from '@vocal/settings-model';
import { describe, expect, it } from 'vitest';
import { axeAndShootBothSchemes, contextFor, ensureShotsFolder, shotsFolder, VIEWPORTS, type ViewportName } from './polish-support.ts';
import { fileBrowser } from './file-browser.ts';
import { sharedProduct } from './shared-product.ts';
import { apiAs, messagesOf } from './support.ts';

const wav = await makeSpeechWav('Hello, this is a voice message about the launch plan.', { seconds: 6 });
const product = sharedProduct();
const browser = await fileBrowser({ microphoneWav: wav, loop: true });
await ensureShotsFolder();

/** Records about two seconds on /record and waits for the review step's upload. */
async function recordATake(page: Page) {
  await page.getByRole('button', { name: 'Start recording' }).click();
  await page.getByRole('button', { name: 'Stop recording' }).waitFor();
  await clockReaches(page, 2);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByText('Uploaded. Your link is ready.').waitFor({ timeout: 120_000 });
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the review step on a %s', (size) => {
  it('Discard offers Undo (by keyboard), which gives the same take back; the next Start deletes a discarded one', async () => {
    const context = await contextFor(browser, size);
    const page = await context.newPage();
    await signUpThroughPage(page, product.url);
    await page.goto(`${product.url}/record`);
    await recordATake(page);
    const [take] = await messagesOf(product.url, page);
    await page.getByRole('textbox', { name: 'Title' }).fill('Launch plan');

    const discard = page.getByRole('button', { name: 'Discard' });
    await discard.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Recording discarded' }).waitFor();
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    // Undo has the focus: Enter takes the take back, upload and title as they were. (Nothing
    // slow happens before it: the offer lasts 10 s.)
    expect(await focusedName(page)).toBe('Undo');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Launch plan');
    await page.getByText('Uploaded. Your link is ready.').waitFor();
    expect((await messagesOf(product.url, page)).map((message) => message.id)).toEqual([take!.id]);

    // Discarded again and not taken back: a new take throws it away at once.
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('status').filter({ hasText: 'Recording discarded' }).waitFor();
    expect((await page.getByRole('button', { name: 'Undo' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shotsFolder, `review-discard-undo-${size}-light.png`) });
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    await expect
      .poll(async () => (await messagesOf(product.url, page)).some((message) => message.id === take!.id), { timeout: 60_000 })
      .toBe(false);
    await context.close();
  });

  it('counts the title while it is typed and refuses it past the limit; the server keeps the same limit', async () => {
    // One take, looked at in light and dark on the same page (a take per scheme only repeated the
    // sign-up and the recording for the colours).
    const context = await contextFor(browser, size, 'light');
    const page = await context.newPage();
    await signUpThroughPage(page, product.url);
    await page.goto(`${product.url}/record`);
    await recordATake(page);
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('');
    await title.pressSequentially('Launch');
    await page.getByText(`6 of ${RECORDING_TITLE_MAX_LENGTH} characters`).waitFor();

    // A long title arrives whole (nothing cut mid-word) and says how much is too much.
    const words = 'The plan for the launch of the spring campaign across every region we sell in '.repeat(3).trim();
    await title.fill(words);
    const over = words.length - RECORDING_TITLE_MAX_LENGTH;
    expect(await title.inputValue()).toBe(words);
    await page.getByText(`Too long by ${over} characters: shorten the title to send`).waitFor();
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    await title.press('Enter');
    expect(await page.getByRole('textbox', { name: 'Link to your message' }).count()).toBe(0);
    expect(await title.evaluate((element) => element === document.activeElement)).toBe(true);
    await axeAndShootBothSchemes(page, 'light', `review-title-too-long-${size}`);

    // The server refuses the same title, with the same number.
    const [take] = await messagesOf(product.url, page);
    const refused = await apiAs(product.url, page, 'POST', `edit/${take!.id}`, { subject: words });
    expect(refused).toMatchObject({ status: 400, body: { msg: `subject: must be at most ${RECORDING_TITLE_MAX_LENGTH} characters` } });

    const fits = words.slice(0, RECORDING_TITLE_MAX_LENGTH);
    await title.fill(fits);
    await page.getByText(`${RECORDING_TITLE_MAX_LENGTH} of ${RECORDING_TITLE_MAX_LENGTH} characters`).waitFor();
    await title.press('Enter');
    await page.getByRole('textbox', { name: 'Link to your message' }).waitFor();
    const audios = (await apiAs(product.url, page, 'GET', 'audio')).body.audios as { id: string; subject: string | null }[];
    expect(audios.find((audio) => audio.id === take!.id)?.subject).toBe(fits.trim());
    await context.close();
  });
});
