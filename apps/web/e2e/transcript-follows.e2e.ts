import { signUpThroughPage, startFakeOpenAi, verboseJson } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { afterAll, describe, expect, it } from 'vitest';
import { fileBrowser } from './file-browser.ts';
import { fileProduct } from './file-product.ts';
import { confirmReview, makePro, recordFor } from './support.ts';

// A speech-to-text service that knows what was said: three sentences over six seconds.
const speechApi = await startFakeOpenAi();
afterAll(() => speechApi.close());
speechApi.fallback('transcriptions', { kind: 'answer', body: verboseJson('First we plan. Then we build it. Finally we ship.', 0.2) });
const product = await fileProduct({
  env: { TRANSCRIBER: 'openai', TRANSCRIPTION_API_URL: speechApi.url, TRANSCRIPTION_API_KEY: 'test-key' },
});
const browser = await fileBrowser({
  microphoneWav: await makeSpeechWav('First we plan. Then we build it. Finally we ship.', { seconds: 9 }),
  loop: true,
});

describe('the read-along transcript', () => {
  it('highlights each sentence in turn as the message plays', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = await signUpThroughPage(page, product.url);
    await makePro(product.dataDir, email);
    await page.goto(`${product.url}/record`);
    await recordFor(page, 6);
    await confirmReview(page);
    const link = (await page.getByRole('textbox', { name: 'Link to your message' }).inputValue()).replace('localhost', '127.0.0.1');

    const listener = await (await browser.newContext()).newPage();
    await listener.goto(link);
    const transcript = listener.getByRole('region', { name: 'Transcript' });
    await transcript.waitFor({ timeout: 120_000 });
    const highlighted = () => transcript.locator('button[aria-current="true"]').textContent();
    expect(await transcript.getByRole('button').allTextContents()).toEqual(['First we plan.', 'Then we build it.', 'Finally we ship.']);

    // The page notes each sentence as it lights up, so a busy machine cannot make the test
    // miss a short one between two looks.
    await listener.evaluate(`(() => {
      window.__highlights = [];
      const region = document.querySelector('section[aria-label="Transcript"]');
      const note = () => {
        const text = region.querySelector('button[aria-current="true"]')?.textContent ?? null;
        if (text && window.__highlights.at(-1) !== text) window.__highlights.push(text);
      };
      new MutationObserver(note).observe(region, { subtree: true, attributes: true, attributeFilter: ['aria-current'] });
    })()`);
    await listener.getByRole('button', { name: 'Play', exact: true }).click();
    await expect
      .poll(() => listener.evaluate('window.__highlights.slice()'), { timeout: 90_000 })
      .toEqual(['First we plan.', 'Then we build it.', 'Finally we ship.']);

    // Choosing a sentence jumps back to it.
    await transcript.getByRole('button', { name: /^Then we build it\./ }).click();
    await expect.poll(highlighted).toBe('Then we build it.');
    await context.close();
    await listener.context().close();
  });

  it('a failed transcript says so on the recordings page, and the owner can ask again', async () => {
    // The service refuses once (an answer the queue does not retry), then works.
    speechApi.script('transcriptions', { kind: 'error', status: 401, message: 'Invalid API key' });
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = await signUpThroughPage(page, product.url);
    await makePro(product.dataDir, email);
    await page.goto(`${product.url}/record`);
    await recordFor(page, 3);
    await confirmReview(page);
    await page.getByText('Your message is ready', { exact: true }).waitFor();

    await expect
      .poll(
        async () => {
          await page.goto(`${product.url}/recordings`);
          await page.getByRole('listitem').first().waitFor();
          return page.getByText('The transcript could not be made.').count();
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe(1);
    await page.getByRole('button', { name: 'Try the transcript again' }).click();
    await expect
      .poll(
        async () => {
          await page.goto(`${product.url}/recordings`);
          await page.getByRole('listitem').first().waitFor();
          // Reloaded, the inbox shows the transcript's own words on the message.
          return page.getByText('First we plan. Then we build it. Finally we ship.', { exact: true }).count();
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe(1);
    await context.close();
  });
});
