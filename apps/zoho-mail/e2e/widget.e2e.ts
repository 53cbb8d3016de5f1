import {
  axeViolations,
  recordUntil,
  signInWithPassword,
  signUpOverApi,
  startHostSuite,
  strangerPlays,
  uniqueEmail,
  watchPageErrors,
  type HostSuite,
} from '@vocal/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8 } from 'fflate';
import { installZohoPackage, openZohoMail, WIDGET_ORIGIN } from './zoho-harness.ts';
import { LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';

let suite: HostSuite;
const mailWindow = { width: 1000, height: 700 };

beforeAll(async () => {
  suite = await startHostSuite('Hello, this is a voice message recorded in Zoho Mail. Listen to it and reply.');
});

afterAll(async () => {
  await suite?.stop();
});

describe('the Zoho Mail extension', () => {
  it('is a package that holds the widget itself, our public URL filled in, every file the manifest names in it', async () => {
    const { product, browser } = suite;
    const context = await browser.newContext();
    const zohoPackage = await installZohoPackage(context, product.url);
    const manifest = JSON.parse(strFromU8(zohoPackage.file('plugin-manifest.json')!)) as {
      whiteListedDomains: string[];
      cspDomains: Record<string, string[]>;
      modules: { widgets: { url: string; logo: string; icon: string }[] };
    };
    const origin = new URL(product.url).origin;
    expect(manifest.whiteListedDomains).toEqual([origin]);
    expect(manifest.cspDomains).toEqual({ 'connect-src': [origin], 'img-src': [origin] });
    for (const widget of manifest.modules.widgets) {
      for (const file of [widget.url, widget.logo, widget.icon]) expect(zohoPackage.files, file).toContain(file.slice(1));
    }
    expect(strFromU8(zohoPackage.file('app/server.js')!)).toContain(`window.vocalServer = '${product.url}';`);
    // The widget's scripts are in the package: nothing sends the frame to our server.
    expect(zohoPackage.files.some((file) => /^app\/assets\/widget-.*\.js$/.test(file))).toBe(true);
    expect(zohoPackage.files.some((file) => file.endsWith('.map') || file.endsWith('.wasm'))).toBe(false);
    await context.close();
  });

  it('runs from the package on Zoho’s origin: signs in inside the widget, records, and inserts the escaped link into the email', async () => {
    const { product, browser } = suite;
    const email = uniqueEmail('zoho');
    await signUpOverApi(product.url, email);
    const context = await browser.newContext({ viewport: mailWindow });
    await installZohoPackage(context, product.url);
    const zoho = await openZohoMail(context, { page: 'panel', subject: 'Budget & plans <Q3>' });
    const { widget } = zoho;
    expect(new URL(widget.url()).origin).toBe(WIDGET_ORIGIN);
    const errors = watchPageErrors(zoho.page);
    await widget.getByRole('button', { name: 'Continue' }).waitFor();
    expect(await axeViolations(widget)).toEqual([]);

    await signInWithPassword(widget, email);
    await widget.getByText(`Signed in as ${email}`).waitFor();
    expect(context.pages()).toHaveLength(1);
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
    const html = `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}" style="${LIGHT_LINK_STYLE}">Budget &#38; plans &#60;Q3&#62;</a></p>`;
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
    const { product, browser } = suite;
    const email = uniqueEmail('zoho');
    await signUpOverApi(product.url, email);
    const context = await browser.newContext({ viewport: mailWindow });
    await installZohoPackage(context, product.url);
    const zoho = await openZohoMail(context, { page: 'attachment', subject: 'Site visit' });
    const { widget } = zoho;
    await signInWithPassword(widget, email);
    await widget.getByText(`Signed in as ${email}`).waitFor();

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
