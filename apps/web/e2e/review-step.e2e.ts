import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { axeViolations, clockReaches, watchPageErrors } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { describe, expect, it } from 'vitest';
import { apiAs, confirmReview, makePro, messagesOf, recordFor, signedInContext } from './support.ts';
import { fileBrowser } from './file-browser.ts';
import { sharedProduct } from './shared-product.ts';

const wav = await makeSpeechWav('Hello, this is a voice message. I am speaking into the microphone so you can hear me.', { seconds: 12 });
const product = sharedProduct();
const browser = await fileBrowser({ microphoneWav: wav, loop: true });

/** Every file the server's storage holds whose name has `id` in it. */
async function storedFilesOf(id: string): Promise<string[]> {
  const root = join(product.dataDir, 'files');
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => entry.includes(id));
}

/** A new person on /record, signed up over the API (sign-up is accounts.e2e.ts's subject). */
async function signedInOnRecord(options: { pro?: boolean } = {}) {
  const { context, email } = await signedInContext(browser, product.url);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  if (options.pro) await makePro(product.dataDir, email);
  await page.goto(`${product.url}/record`);
  await page.getByRole('button', { name: 'Start recording' }).waitFor();
  return { context, page, errors };
}

describe('the review step on /record', () => {
  it('review → re-record → get link: the link plays the second take, the first is gone', async () => {
    const { context, page, errors } = await signedInOnRecord();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    await clockReaches(page, 1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Stop recording' }).click();

    await page.getByText('Listen before you send').waitFor();
    await page.getByText('Uploaded. Your link is ready.').waitFor({ timeout: 120_000 });
    expect(await axeViolations(page)).toEqual([]);
    const [first] = await messagesOf(product.url, page);
    expect(first).toBeDefined();

    await page.getByRole('button', { name: 'Re-record' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    // The first take is deleted from the server once Re-record has thrown it away.
    await expect.poll(async () => (await messagesOf(product.url, page)).map((message) => message.id), { timeout: 90_000 }).toEqual([]);
    await clockReaches(page, 4);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Second take');
    await confirmReview(page);

    const url = await page.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    expect(await axeViolations(page)).toEqual([]);
    const messages = await messagesOf(product.url, page);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.id).not.toBe(first!.id);
    expect(url).toMatch(new RegExp(`/listen/${messages[0]!.id}$`));
    // The second take is the longer one; the title typed in review was saved before the link was shown.
    expect(messages[0]!.duration).toBeGreaterThan(3);
    const audios = (await apiAs(product.url, page, 'GET', 'audio')).body.audios as { id: string; subject: string | null }[];
    expect(audios[0]!.subject).toBe('Second take');

    // The listen page plays the second take.
    const listener = await (await browser.newContext()).newPage();
    await listener.goto(url.replace('localhost', '127.0.0.1'));
    await listener.getByRole('button', { name: 'Play', exact: true }).click();
    await listener.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await expect.poll(async () => (await storedFilesOf(first!.id)).length, { timeout: 120_000 }).toBe(0);
    expect(errors).toEqual([]);
    await listener.context().close();
    await context.close();
  });

  it('discard after the upload leaves no message and no file', async () => {
    const { context, page } = await signedInOnRecord();
    await recordFor(page, 2);
    await page.getByText('Uploaded. Your link is ready.').waitFor({ timeout: 120_000 });
    const [uploaded] = await messagesOf(product.url, page);
    expect(uploaded).toBeDefined();
    expect((await storedFilesOf(uploaded!.id)).length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    await expect.poll(async () => (await messagesOf(product.url, page)).length, { timeout: 90_000 }).toBe(0);
    await expect.poll(async () => (await storedFilesOf(uploaded!.id)).length, { timeout: 120_000 }).toBe(0);
    // Nothing is left to offer again either.
    await page.reload();
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await page.getByRole('heading', { name: 'A message was not sent yet' }).count()).toBe(0);
    await context.close();
  });

  it('cancel: a short take at once, a longer one after a confirm (and Keep recording keeps it)', async () => {
    const { context, page } = await signedInOnRecord();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await clockReaches(page, 1);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    // Past the 10 s after which Cancel asks first. At least 0:11, not the text "0:11": a page
    // starved of CPU redraws its clock seldom, and a wait for the exact text likely ran out in a
    // loaded CI run (one retry; the test took 134 s, about 22 s alone).
    await clockReaches(page, 11);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard this recording?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep recording' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.getByRole('button', { name: 'Discard recording' }).click();
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    await expect.poll(async () => (await messagesOf(product.url, page)).length).toBe(0);
    await context.close();
  });

  it('pause and resume on Pro: the paused state is unmistakable and the clock stops', async () => {
    const { context, page } = await signedInOnRecord({ pro: true });
    await page.reload();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await clockReaches(page, 1);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Paused', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Recording paused.' }).waitFor();
    const frozen = await page.locator('.vk-record-flow__elapsed').textContent();
    // The clock does not move while paused: it still reads the same after the meter has had time to tick.
    await page.locator('.vk-level-meter').waitFor();
    expect(await page.locator('.vk-record-flow__elapsed').textContent()).toBe(frozen);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Resume' }).click();
    expect(await page.getByText('Paused', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await confirmReview(page);
    await page.getByRole('textbox', { name: 'Link to your message' }).waitFor();
    await context.close();
  });

  it("warns in the last 10 s of Free's minute, stops at the limit and says so in review", async () => {
    const { context, page, errors } = await signedInOnRecord();
    await page.getByRole('button', { name: 'Start recording' }).click();
    // The speech loops, so the take runs into the limit; the warning shows first.
    const warning = page.locator('.vk-record-flow__clock--warning');
    await warning.waitFor({ timeout: 120_000 });
    expect(await warning.textContent()).toMatch(/\d+ s left: recording stops at the limit/);
    expect(await axeViolations(page)).toEqual([]);
    // Nobody presses Stop: the limit ends the take and the review step says why.
    await page.getByText('Stopped at the 1-minute limit of Free.').waitFor({ timeout: 120_000 });
    expect(await axeViolations(page)).toEqual([]);
    await confirmReview(page);
    await page.getByRole('textbox', { name: 'Link to your message' }).waitFor({ timeout: 120_000 });
    const [message] = await messagesOf(product.url, page);
    expect(message!.duration).toBeGreaterThan(55);
    expect(message!.duration).toBeLessThanOrEqual(60.5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs with the keyboard alone: start, stop, title, get link', async () => {
    const { context, page } = await signedInOnRecord();
    await page.getByRole('button', { name: 'Start recording' }).focus();
    await page.keyboard.press('Enter');
    const stop = page.getByRole('button', { name: 'Stop recording' });
    await stop.waitFor();
    await clockReaches(page, 1);
    await stop.focus();
    await page.keyboard.press('Enter');
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.waitFor();
    // Tab reaches the title from the player; typing and Enter sends.
    for (let presses = 0; presses < 30 && !(await title.evaluate((element) => element === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type('Said with keys');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Link to your message' }).waitFor();
    const audios = (await apiAs(product.url, page, 'GET', 'audio')).body.audios as { subject: string | null }[];
    expect(audios.map((audio) => audio.subject)).toEqual(['Said with keys']);
    await context.close();
  });
});
