import { signUpThroughPage } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { describe, expect, it } from 'vitest';
import { fileBrowser } from './file-browser.ts';
import { fileProduct } from './file-product.ts';
import { messagesOf, recordFor } from './support.ts';

const wav = await makeSpeechWav('This message must never be lost, even when the server goes away.', { seconds: 10 });
const product = await fileProduct();
const browser = await fileBrowser({ microphoneWav: wav, loop: true });

describe('never lose a message', () => {
  it('keeps a message the server could not take, offers it after a reload, and sends it once', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUpThroughPage(page, product.url);
    // The record page fetches the recorder's worker, worklet and wasm ahead of time and keeps
    // them in memory: nothing the recorder needs comes from the network (or its cache) later.
    const warmed = [
      ...['.wasm', 'capture-worklet'].map(async (part) => {
        const response = await page.waitForResponse((each) => each.url().includes(part) && each.ok());
        await response.finished();
      }),
      page.waitForEvent('worker'),
    ];
    await page.goto(`${product.url}/record`);
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    await Promise.all(warmed);

    // The server goes away before anything is uploaded; the recorder's code is already here.
    await product.stop();
    await recordFor(page, 3);
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 90_000 });
    expect(await alert.textContent()).toMatch(/saved on this device/);
    await page.getByText(/recorded and saved on this device/).waitFor();

    // The person leaves (the tab's own retries stop with it); the server comes back.
    await page.goto('about:blank');
    await product.restart();

    await page.goto(`${product.url}/record`);
    await page.getByRole('heading', { name: 'A message was not sent yet' }).waitFor();
    await page.getByRole('button', { name: 'Send it now' }).click();
    await page.getByText('Your message is ready', { exact: true }).waitFor();
    const url = await page.getByRole('textbox', { name: 'Link to your message' }).inputValue();

    const messages = await messagesOf(product.url, page);
    expect(messages).toHaveLength(1);
    expect(url).toMatch(new RegExp(`/listen/${messages[0]!.id}$`));
    expect(messages[0]!.duration).toBeGreaterThan(2);

    // Nothing is offered any more, and reloading makes no second message.
    await page.goto(`${product.url}/record`);
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await page.getByRole('heading', { name: 'A message was not sent yet' }).count()).toBe(0);
    expect(await messagesOf(product.url, page)).toHaveLength(1);
    await context.close();
  });
});
