import { axeViolations, recordUntil, signUpOverApi, strangerPlays, uniqueEmail, watchPageErrors } from '@vocal/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughWindow } from './support.ts';
import { startZohoSuite, type ZohoSuite } from './zoho-suite.ts';

let suite: ZohoSuite;
const mailWindow = { width: 1000, height: 700 };

beforeAll(async () => {
  suite = await startZohoSuite('Hello, this is a voice message recorded in Zoho Mail. Listen to it and reply.');
});

afterAll(async () => {
  await suite?.stop();
});

describe('the Zoho Mail extension', () => {
  it('serves its package with our public URL filled into the manifest, and every file it names', async () => {
    const { product } = suite;
    const response = await fetch(`${product.url}/hosts/zoho-mail/plugin-manifest.json`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('%PUBLIC_URL%');
    const manifest = JSON.parse(text) as {
      whiteListedDomains: string[];
      modules: { widgets: { url: string; logo: string; icon: string }[] };
    };
    expect(manifest.whiteListedDomains).toEqual([new URL(product.url).origin]);
    for (const widget of manifest.modules.widgets) {
      for (const file of [widget.url, widget.logo, widget.icon]) {
        expect((await fetch(`${product.url}/hosts/zoho-mail${file}`)).status, file).toBe(200);
      }
    }
  });

  it('signs in through a window, records, and inserts the escaped link into the email being written', async () => {
    const { product, browser, harness, widgetUrl } = suite;
    const email = uniqueEmail('zoho');
    await signUpOverApi(product.url, email);
    const context = await browser.newContext({ viewport: mailWindow });
    const zoho = await harness.openZohoMail(context, {
      widgetUrl: widgetUrl('zoho.mail.preview.rightpanel'),
      subject: 'Budget & plans <Q3>',
    });
    const { widget } = zoho;
    const errors = watchPageErrors(zoho.page);
    await widget.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await axeViolations(widget)).toEqual([]);

    const signInWindow = await signInThroughWindow(context, widget, email);
    expect(new URL(signInWindow.url()).pathname).toBe('/hosts-sign-in');
    await expect.poll(() => signInWindow.isClosed()).toBe(true);
    await widget.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await axeViolations(widget)).toEqual([]);

    await recordUntil(widget, 4);
    // Nothing goes into the email until the person has reviewed the take and confirmed it.
    await expect.poll(() => widget.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Budget & plans <Q3>');
    expect((await zoho.calls()).filter((call) => call.method === 'dispatch')).toEqual([]);
    await widget.getByRole('button', { name: 'Add to email' }).click();
    await widget.getByText('Your message is ready', { exact: true }).waitFor();
    await widget.getByText('The link was added where you are writing.').waitFor();
    const url = await widget.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    const id = /\/listen\/([A-Za-z0-9]{12})$/.exec(url)?.[1];
    expect(id).toBeDefined();

    // Exactly one compose insert, with the signature message and the subject as the link, escaped.
    const html = `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}">Budget &#38; plans &#60;Q3&#62;</a></p>`;
    expect((await zoho.calls()).filter((call) => call.method === 'dispatch')).toEqual([
      { method: 'dispatch', args: ['compose', { mode: 'insert', mailData: html }] },
    ]);
    expect(await zoho.composeBody()).toContain(`href="${url}"`);
    expect(await axeViolations(widget)).toEqual([]);

    // A stranger's browser plays the link.
    await strangerPlays(browser, url);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('in the attachment picker, where Zoho has no compose insert, copies the link and says to paste it', async () => {
    const { product, browser, harness, widgetUrl } = suite;
    const email = uniqueEmail('zoho');
    await signUpOverApi(product.url, email);
    const context = await browser.newContext({ viewport: mailWindow });
    const zoho = await harness.openZohoMail(context, { widgetUrl: widgetUrl('zoho.mail.attachment.popup'), subject: 'Site visit' });
    const { widget } = zoho;
    await signInThroughWindow(context, widget, email);

    await recordUntil(widget, 3);
    await widget.getByRole('button', { name: 'Get link' }).click();
    await widget.getByText('Your message is ready', { exact: true }).waitFor();
    const url = await widget.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    await widget.getByRole('status').filter({ hasText: 'The link is copied: paste it into your email' }).waitFor();
    expect(await zoho.page.evaluate(() => navigator.clipboard.readText())).toBe(`Hey, check out my voice message!\n${url}`);
    expect((await zoho.calls()).filter((call) => call.method === 'dispatch')).toEqual([]);
    await context.close();
  });
});
