import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { clockReaches, launchBrowser, signUpThroughPage } from '@vocal/e2e';
import { goForwardWav, speechSamplesAvailable } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedProduct, type SharedProduct } from './shared-product.ts';

let product: SharedProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  if (!speechSamplesAvailable()) throw new Error('pocketsphinx-testdata is not installed (apt-get install pocketsphinx-testdata)');
  // Nothing configured: the server picks the local engine (pocketsphinx) by itself.
  product = sharedProduct();
  // Human speech through the fake microphone, once, then silence.
  browser = await launchBrowser({ microphoneWav: await goForwardWav() });
});

afterAll(async () => {
  await browser?.close();
});

async function makePro(email: string) {
  const handoff = JSON.parse(await readFile(join(product.dataDir, 'server.json'), 'utf8')) as { url: string; adminToken: string };
  const response = await fetch(`${handoff.url}/api/admin/users/plan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': handoff.adminToken },
    body: JSON.stringify({ email, plan: 'pro' }),
  });
  expect(response.status).toBe(200);
}

describe('transcripts on the listen page', () => {
  it('a Pro user’s recorded message shows its transcript sentence by sentence, read along with playback', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = await signUpThroughPage(page, product.url);
    await makePro(email);
    await page.reload();
    await page.goto(`${product.url}/record`);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    // goforward lasts about 2.5 s with its padding; record a little past it. At least 0:04, not
    // exactly: a page starved of CPU redraws its clock seldom and may skip a second.
    await clockReaches(page, 4);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByRole('button', { name: 'Get link' }).click();
    const url = await page.getByRole('textbox', { name: 'Link to your message' }).inputValue();

    const listener = await (await browser.newContext()).newPage();
    await listener.goto(url.replace('localhost', '127.0.0.1'));
    // Made by a job: the page waits for it, then shows it.
    const transcript = listener.getByRole('region', { name: 'Transcript' });
    await transcript.waitFor({ timeout: 90_000 });
    const text = (await transcript.textContent())?.toLowerCase() ?? '';
    // Through a browser's microphone processing and two resamplings pocketsphinx hears
    // "go forward ten meters" nearly whole (it has heard "years" for the last word).
    expect(text).toContain('go forward ten');
    expect(['go', 'forward', 'ten', 'meters'].filter((word) => text.includes(word)).length).toBeGreaterThanOrEqual(3);

    // Choosing a sentence seeks there and plays; the sentence being spoken is highlighted.
    const sentences = transcript.getByRole('button');
    await sentences.first().click();
    await expect.poll(() => listener.evaluate(() => !document.querySelector('audio')?.paused)).toBe(true);
    await expect.poll(() => transcript.locator('button[aria-current="true"]').count()).toBe(1);
    await listener.context().close();
    await context.close();
  });
});
