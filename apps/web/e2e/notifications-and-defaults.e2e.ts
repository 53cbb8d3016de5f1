import { axeViolations, clockReaches, launchBrowser, signUpThroughPage, startProduct, type ApiProcess, watchPageErrors } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { Personalisation } from '@vocal/settings-model';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail, startSmtpCapture, type SmtpCapture } from '@vocal/test-fixtures/smtp';
import { LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';
import { join } from 'node:path';
import { apiAs, makePro } from './support.ts';

let product: ApiProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let smtp: SmtpCapture;

beforeAll(async () => {
  const wav = await makeSpeechWav('This is a short message for the settings test.', { seconds: 6 });
  smtp = await startSmtpCapture();
  product = await startProduct({ env: { SMTP_URL: smtp.url } });
  browser = await launchBrowser({ microphoneWav: wav, loop: true });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

async function signedIn() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const email = await signUpThroughPage(page, product.url);
  return { context, page, errors, email };
}

/** Presses Tab until `target` has focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, most = 40) {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Saves the form with the keyboard and waits for the save bar to say so. */
async function saveWithKeyboard(page: Page) {
  const save = page.getByRole('button', { name: 'Save changes' });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
}

const settingsOf = async (page: Page) => (await apiAs(product.url, page, 'GET', 'personalisation')).body as Personalisation;

describe('notification settings and the unsubscribe link', () => {
  it('chooses mails with the keyboard alone, and saves them', async () => {
    const { context, page, errors } = await signedIn();
    await page.goto(`${product.url}/settings`);
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await tabTo(page, page.getByRole('switch', { name: /^First listen/ }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('switch', { name: /^Daily digest/ }));
    await page.keyboard.press('Space');
    await saveWithKeyboard(page);
    expect((await settingsOf(page)).notifications).toMatchObject({ firstListen: false, digest: true, reply: true });

    // The master switch off makes the kinds read as unavailable.
    await page.getByRole('switch', { name: /^Notification emails/ }).check();
    await page.getByRole('switch', { name: /^Notification emails/ }).uncheck();
    expect(await page.getByRole('switch', { name: /^Comments/ }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the link in a captured mail unsubscribes a signed-out visitor, and the settings page shows it off', async () => {
    const { context, page, email } = await signedIn();
    const code = (await apiAs(product.url, page, 'GET', 'account')).body.inviteCode as string;
    const sent = await fetch(`${product.url}/api/contact-form/${code}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'visitor@example.com', message: 'Hello from the unsubscribe test' }),
    });
    expect(sent.status).toBe(201);
    const mail = await smtp.waitForMail(email, /Hello from the unsubscribe test/);
    const headers = decodeMail(mail.raw).replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1];
    expect(link).toMatch(new RegExp(`^${product.url}/api/unsubscribe\\?token=`));

    const stranger = await browser.newContext();
    const visitor = await stranger.newPage();
    const visitorErrors = watchPageErrors(visitor);
    await visitor.goto(link!);
    await visitor.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await visitor.getByText('You will no longer get emails about contact-form messages from Vocal.').waitFor();
    expect(await axeViolations(visitor)).toEqual([]);

    await page.goto(`${product.url}/settings/notifications`);
    const contactForm = page.getByRole('switch', { name: /^Contact-form messages/ });
    await contactForm.waitFor();
    expect(await contactForm.isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: /^Comments/ }).isChecked()).toBe(true);

    // Turned back on from the same page, still signed out.
    await visitor.getByRole('button', { name: 'Turn it back on' }).click();
    await visitor.getByRole('heading', { name: 'You are subscribed again' }).waitFor();
    await page.reload();
    await contactForm.waitFor();
    expect(await contactForm.isChecked()).toBe(true);

    // A tampered link says so, and changes nothing.
    await visitor.goto(`${link!.slice(0, -2)}xx`);
    await visitor.getByRole('heading', { name: 'This link did not work' }).waitFor();
    expect((await settingsOf(page)).notifications.contactForm).toBe(true);
    expect(visitorErrors.filter((error) => !error.includes('400'))).toEqual([]);
    await stranger.close();
    await context.close();
  });
});

describe('signature, recorder and transcript settings', () => {
  it('signature: the preview is the inserted HTML, Copy as HTML puts HTML and text on the clipboard, a refusal shows the HTML', async () => {
    const { context, page, errors } = await signedIn();
    await page.goto(`${product.url}/settings/signature`);
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await message.fill('Listen to this <b>now</b> & reply');
    const preview = page.getByTestId('signature-preview');
    // The inserted HTML's elements, text and styles, drawn by React (the page's CSP refuses
    // style attributes in markup): the link in the Light theme's accent, as Chromium writes it back.
    const button =
      'display: inline-block; padding: 6px 14px; border-radius: 16px; background-color: rgb(34, 113, 225); ' +
      'color: rgb(255, 255, 255); font-weight: 600; text-decoration: none;';
    expect(await preview.innerHTML()).toBe(
      `<p>Listen to this &lt;b&gt;now&lt;/b&gt; &amp; reply<br>🎙️ <a href="${product.url}/listen/sample-message" style="${button}">Listen to my voice message</a></p>`,
    );
    await page.getByRole('button', { name: 'Copy as HTML' }).click();
    await page.getByText('Copied. Paste it into any email.').waitFor();
    const clipboard = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return { html: await (await item!.getType('text/html')).text(), text: await (await item!.getType('text/plain')).text() };
    });
    // Chromium re-serialises HTML on the clipboard: the markup typed stays text either way.
    expect(clipboard.html).toContain('Listen to this &lt;b&gt;now&lt;/b&gt; &amp; reply<br>');
    expect(clipboard.html).toContain(
      `<a href="${product.url}/listen/sample-message" style="${LIGHT_LINK_STYLE}">Listen to my voice message</a>`,
    );
    expect(clipboard.text).toBe(`Listen to this <b>now</b> & reply\n${product.url}/listen/sample-message`);

    await page.getByRole('switch', { name: /^Attach the recording/ }).check();
    await page.getByRole('textbox', { name: 'File name' }).fill('Weekly note');
    await page.getByText('Attached as Weekly note.mp3').waitFor();
    await saveWithKeyboard(page);
    expect(await settingsOf(page)).toMatchObject({
      signature: { message: 'Listen to this <b>now</b> & reply', enabled: true },
      attachment: { enabled: true, name: 'Weekly note' },
    });
    expect(errors).toEqual([]);

    // A browser that refuses the clipboard: the HTML is shown, selected, to copy by hand.
    const refusing = await browser.newContext();
    const other = await refusing.newPage();
    await other.addInitScript(() => {
      document.execCommand = () => false;
      navigator.clipboard.write = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    await signUpThroughPage(other, product.url);
    await other.goto(`${product.url}/settings/signature`);
    await other.getByRole('button', { name: 'Copy as HTML' }).click();
    const fallback = other.getByRole('textbox', { name: /did not allow copying/ });
    await fallback.waitFor();
    // Exactly the HTML the add-ins insert, themed: a new account's signature theme is Light.
    expect(await fallback.inputValue()).toBe(
      `<p>Hey, check out my voice message!<br>🎙️ <a href="${product.url}/listen/sample-message" style="${LIGHT_LINK_STYLE}">Listen to my voice message</a></p>`,
    );
    expect(await axeViolations(other)).toEqual([]);
    await refusing.close();
    await context.close();
  });

  it('signature theme on a phone, dark, by keyboard: the preview’s button takes the picked theme at once; 44 px choices; axe clean', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await makePro(product.dataDir, await signUpThroughPage(page, product.url));
    await page.goto(`${product.url}/settings/signature`);
    const link = page.getByTestId('signature-preview').getByRole('link');
    const fill = () => link.evaluate((element) => getComputedStyle(element).backgroundColor);
    await link.waitFor();
    // A new account's signature theme is Light: its blue, darkened until white reads on it.
    expect(await fill()).toBe('rgb(34, 113, 225)');
    // Arrows move along the radio group, as a keyboard user picks one.
    await page.getByRole('radio', { name: 'Light' }).focus();
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Exotic Black' }).isChecked()).toBe(true);
    // Exotic Black's purple, darkened the same way: the preview follows before anything is saved.
    await expect.poll(fill).toBe('rgb(128, 104, 172)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const small = await page
      .locator('.signature-themes__option')
      .evaluateAll((options) => options.flatMap((option) => (option.getBoundingClientRect().height < 44 ? [option.textContent] : [])));
    expect(small).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(import.meta.dirname, '..', 'screenshots', 'signature-theme-phone-dark.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('recorder: asks for the microphones’ names only from its button, and says so when the browser refuses', async () => {
    const refusing = await launchBrowser({ denyMicrophone: true });
    try {
      const context = await refusing.newContext();
      const page = await context.newPage();
      // Counts the page's requests for the microphone (the browser's API, not our server).
      await page.addInitScript(() => {
        const ask = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
        (window as unknown as { asked: number }).asked = 0;
        navigator.mediaDevices.getUserMedia = (constraints) => {
          (window as unknown as { asked: number }).asked++;
          return ask(constraints);
        };
      });
      await signUpThroughPage(page, product.url);
      await page.goto(`${product.url}/settings/recorder`);
      const ask = page.getByRole('button', { name: 'Show microphone names' });
      await ask.waitFor();
      for (const label of await page.getByRole('combobox', { name: 'Microphone' }).locator('option').allTextContents()) {
        expect(label).toMatch(/^(Default microphone|Microphone \d+)$/);
      }
      expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await tabTo(page, ask);
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'did not allow the microphone' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await refusing.close();
    }
  });

  it('recorder: the chosen microphone and skip review are saved, and with skip review on Stop goes straight to the link', async () => {
    const { context, page, errors } = await signedIn();
    await page.goto(`${product.url}/settings/recorder`);
    const picker = page.getByRole('combobox', { name: 'Microphone' });
    await picker.locator('option').nth(1).waitFor({ state: 'attached' });
    const named = picker.locator('option').nth(1);
    const deviceId = await named.getAttribute('value');
    expect(await named.textContent()).not.toMatch(/^Microphone \d+$/);
    await tabTo(page, picker);
    await page.keyboard.press('ArrowDown');
    expect(await picker.inputValue()).toBe(deviceId);
    await tabTo(page, page.getByRole('switch', { name: /^Skip the review/ }));
    await page.keyboard.press('Space');
    await saveWithKeyboard(page);
    expect((await settingsOf(page)).recorder).toMatchObject({ skipReview: true, deviceId });
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${product.url}/record`);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await clockReaches(page, 1);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const link = page.getByRole('textbox', { name: 'Link to your message' });
    await link.waitFor({ timeout: 120_000 });
    expect(await link.inputValue()).toMatch(/\/listen\/[A-Za-z0-9_-]+$/);
    expect(await page.getByText('Listen before you send').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('transcripts: the engine in words, as the server reports it, and the default saved', async () => {
    const { context, page, errors } = await signedIn();
    const health = (await (await fetch(`${product.url}/health`)).json()) as { transcriber: string };
    const words = { local: 'pocketsphinx on this server', openai: 'an OpenAI-compatible API', none: 'not configured' }[health.transcriber];
    await page.goto(`${product.url}/settings/transcripts`);
    await page.getByTestId('transcription-engine').filter({ hasText: words! }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await tabTo(page, page.getByRole('switch', { name: /^Transcribe new messages/ }));
    await page.keyboard.press('Space');
    await saveWithKeyboard(page);
    expect((await settingsOf(page)).defaults.transcriptions).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
