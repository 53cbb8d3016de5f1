import { axeViolations, recordInHandoffPage, recordInHandoffTab, signUpOverApi, uniqueEmail, watchPageErrors } from '@vocal/e2e';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInInWidget } from './support.ts';
import { installZohoPackage, openZohoMail } from './zoho-harness.ts';
import { startZohoSuite, type ZohoSuite } from './zoho-suite.ts';

let suite: ZohoSuite;

beforeAll(async () => {
  suite = await startZohoSuite('This message was recorded in a browser tab because Zoho Mail gave the widget no microphone.');
});

afterAll(async () => {
  await suite?.stop();
});

/**
 * Zoho Mail with the widget from the package, signed in, its frame refused the microphone (no
 * allow="microphone", as in a host that does not delegate it); our origin, top-level, has one.
 */
async function widgetWithoutMicrophone(context: BrowserContext, email: string, popups: boolean) {
  await context.grantPermissions(['microphone'], { origin: new URL(suite.product.url).origin });
  await installZohoPackage(context, suite.product.url);
  const zoho = await openZohoMail(context, { page: 'panel', subject: 'Site visit', allowMicrophone: false, popups });
  await signInInWidget(zoho.widget, email);
  await zoho.widget.getByRole('button', { name: 'Start recording' }).click();
  await zoho.widget.getByRole('alert').filter({ hasText: 'Microphone access was blocked' }).waitFor();
  return zoho;
}

/** The compose insert the widget makes of the message at `url`, titled by the email's subject. */
const insertOf = (url: string) => ({
  method: 'dispatch',
  args: ['compose', { mode: 'insert', mailData: `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}">Site visit</a></p>` }],
});

/** What may be in the widget page's console: Chromium's lines for the refusals the test provokes. */
const unexpected = (errors: string[]) =>
  errors.filter((error) => !/Permissions policy violation: microphone is not allowed|Blocked opening .* in a new window/.test(error));

describe('when Zoho Mail’s frame gets no microphone', () => {
  it('opens our record page in a browser tab, and the message recorded there comes back into the email through the handoff', async () => {
    const email = uniqueEmail('zoho');
    await signUpOverApi(suite.product.url, email);
    const context = await suite.browser.newContext({ viewport: { width: 1000, height: 700 } });
    const zoho = await widgetWithoutMicrophone(context, email, true);
    const errors = watchPageErrors(zoho.page);

    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      zoho.widget.getByRole('button', { name: 'Record in a new window' }).click(),
    ]);
    // Our record page, with only the handoff's id and the email's subject in its address; the tab has no handle on the widget.
    await tab.waitForURL((at) => at.pathname.startsWith('/record/handoff/') || at.pathname === '/login');
    const at = new URL(tab.url());
    // Signed out in this browser, the web app's router may already have sent it to its sign-in, naming the page to come back to.
    const opened = at.pathname === '/login' ? new URL(at.searchParams.get('redirect')!, suite.product.url) : at;
    expect(opened.href).toMatch(new RegExp(`^${suite.product.url}/record/handoff/[A-Za-z0-9_-]{22}\\?subject=Site\\+visit$`));
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await zoho.widget.getByRole('heading', { name: 'Recording in your browser' }).waitFor();
    expect(await axeViolations(zoho.widget)).toEqual([]);

    // The person signs in there (the web app's own session), records and sends it to Zoho Mail.
    await recordInHandoffPage(tab, { email, seconds: 3, sendLabel: 'Send to Zoho Mail' });
    const url = await tab.getByRole('textbox', { name: 'Link to your message' }).inputValue();

    await zoho.widget.getByText('The link was added where you are writing.').waitFor();
    expect((await zoho.calls()).filter((call) => call.method === 'dispatch')).toEqual([insertOf(url)]);
    expect(await zoho.composeBody()).toContain(`href="${url}"`);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('with pop-ups blocked too: hands out the record page’s address, and the message recorded there still goes into the email', async () => {
    const email = uniqueEmail('zoho');
    await signUpOverApi(suite.product.url, email);
    const context = await suite.browser.newContext({ viewport: { width: 1000, height: 700 } });
    const zoho = await widgetWithoutMicrophone(context, email, false);
    const errors = watchPageErrors(zoho.page);
    const windows: string[] = [];
    context.on('page', (page) => windows.push(page.url()));

    await zoho.widget.getByRole('button', { name: 'Record in a new window' }).click();
    await zoho.widget.getByText('Zoho Mail did not let Vocal open a tab.', { exact: false }).waitFor();
    const address = await zoho.widget.getByRole('textbox', { name: 'Address to open in your browser' }).inputValue();
    expect(address).toMatch(new RegExp(`^${suite.product.url}/record/handoff/[A-Za-z0-9_-]{22}\\?subject=Site\\+visit$`));
    expect(windows).toEqual([]);
    expect(await axeViolations(zoho.widget)).toEqual([]);

    // The person opens the address in their browser, signs in there, records and sends it to Zoho Mail.
    const tab = await recordInHandoffTab(context, address, { email, seconds: 3, sendLabel: 'Send to Zoho Mail' });
    const tabErrors = watchPageErrors(tab);
    const url = await tab.getByRole('textbox', { name: 'Link to your message' }).inputValue();

    await zoho.widget.getByText('The link was added where you are writing.').waitFor();
    expect((await zoho.calls()).filter((call) => call.method === 'dispatch')).toEqual([insertOf(url)]);
    const id = /\/listen\/([A-Za-z0-9]{12})$/.exec(url)?.[1];
    expect((await fetch(`${suite.product.url}/api/view-vocal/${id}`)).status).toBe(200);
    expect(unexpected(errors)).toEqual([]);
    expect(tabErrors).toEqual([]);
    await context.close();
  });
});
