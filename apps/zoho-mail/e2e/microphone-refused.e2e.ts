import { recordUntil, signUpOverApi, uniqueEmail, watchPageErrors } from '@vocal/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popupFrom, signInThroughWindow } from './support.ts';
import { startZohoSuite, type ZohoSuite } from './zoho-suite.ts';

let suite: ZohoSuite;

beforeAll(async () => {
  suite = await startZohoSuite('This message was recorded in a separate window because Zoho Mail gave the panel no microphone.');
});

afterAll(async () => {
  await suite?.stop();
});

describe('when Zoho Mail’s frame gets no microphone', () => {
  it('explains it, records in a window of ours with the borrowed session, and inserts the link into the email', async () => {
    const { product, browser, harness, widgetUrl } = suite;
    const email = uniqueEmail('zoho');
    await signUpOverApi(product.url, email);
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
    // The browser has a microphone, but the frame is not allowed it (no allow="microphone"),
    // as in a host that does not delegate it; our own window, a top-level page, is.
    const zoho = await harness.openZohoMail(context, {
      widgetUrl: widgetUrl('zoho.mail.preview.rightpanel'),
      subject: 'Site visit',
      allowMicrophone: false,
    });
    const { widget } = zoho;
    const errors = watchPageErrors(zoho.page);
    await signInThroughWindow(context, widget, email);

    // The refusal is explained, with the way out.
    await widget.getByRole('button', { name: 'Start recording' }).click();
    await widget.getByRole('alert').filter({ hasText: 'Microphone access was blocked' }).waitFor();
    const window = await popupFrom(context, widget, 'Record in a new window');
    const windowErrors = watchPageErrors(window);

    // The window is the record page for Zoho Mail, with no token in its address, and it borrows the session.
    expect(window.url()).toBe(`${product.url}/record/zoho-mail`);
    await window.getByRole('heading', { name: 'Record your message' }).waitFor();
    expect(await window.getByLabel('Password').count()).toBe(0);
    await recordUntil(window, 3);
    // The subject the window was lent titles the message.
    await expect.poll(() => window.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Site visit');
    await window.getByRole('button', { name: 'Add to email' }).click();

    // The window hands the share back and closes; the widget inserts it as if recorded in place.
    await expect.poll(() => window.isClosed()).toBe(true);
    await widget.getByText('Your message is ready', { exact: true }).waitFor();
    await widget.getByText('The link was added where you are writing.').waitFor();
    const url = await widget.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    expect((await zoho.calls()).filter((call) => call.method === 'dispatch')).toEqual([
      {
        method: 'dispatch',
        args: ['compose', { mode: 'insert', mailData: `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}">Site visit</a></p>` }],
      },
    ]);
    const id = /\/listen\/([A-Za-z0-9]{12})$/.exec(url)?.[1];
    expect((await fetch(`${product.url}/api/view-vocal/${id}`)).status).toBe(200);

    // Chromium logs the refusal the test provokes; nothing else may go wrong.
    expect(errors.filter((error) => !error.includes('Permissions policy violation: microphone is not allowed'))).toEqual([]);
    expect(windowErrors).toEqual([]);
    await context.close();
  });
});
