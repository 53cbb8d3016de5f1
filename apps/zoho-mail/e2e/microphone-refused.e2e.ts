import {
  axeViolations,
  recordInHandoffPage,
  recordInHandoffTab,
  signInWithPassword,
  startHostSuite,
  watchPageErrors,
  type HostSuite,
} from '@vocal/e2e';
import { describeMicrophoneRefused } from '@vocal/e2e/microphone-refused';
import { expect } from 'vitest';
import { installZohoPackage, openZohoMail } from './zoho-harness.ts';
import { LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';

/**
 * Zoho Mail with the widget from the package, its frame refused the microphone (no
 * allow="microphone", as in a host that does not delegate it); our origin, top-level, has one.
 * `popups`: false, the frame may not open windows either.
 */
const widgetWithoutMicrophone = (popups: boolean) => async (suite: HostSuite) => {
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 700 } });
  await context.grantPermissions(['microphone'], { origin: new URL(suite.product.url).origin });
  await installZohoPackage(context, suite.product.url);
  const zoho = await openZohoMail(context, { page: 'panel', subject: 'Site visit', allowMicrophone: false, popups });
  const windows: string[] = [];
  context.on('page', (page) => windows.push(page.url()));
  return { ...zoho, panel: zoho.widget, context, windows, close: () => context.close() };
};

type Widget = Awaited<ReturnType<ReturnType<typeof widgetWithoutMicrophone>>>;

const signIn = (zoho: Widget, email: string) => signInWithPassword(zoho.widget, email);

/** The widget claims the message and inserts it into the email, titled by the email's subject. */
async function inserted(_suite: HostSuite, zoho: Widget, url: string) {
  await zoho.widget.getByText('The link was added where you are writing.').waitFor();
  expect((await zoho.calls()).filter((call) => call.method === 'dispatch')).toEqual([
    {
      method: 'dispatch',
      args: [
        'compose',
        {
          mode: 'insert',
          mailData: `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}" style="${LIGHT_LINK_STYLE}">Site visit</a></p>`,
        },
      ],
    },
  ]);
  expect(await zoho.composeBody()).toContain(`href="${url}"`);
}

/** What may be in the widget page's console: Chromium's lines for the refusals the test provokes. */
const expectedConsole = /Permissions policy violation: microphone is not allowed|Blocked opening .* in a new window/;

describeMicrophoneRefused('when Zoho Mail’s frame gets no microphone', {
  emailPrefix: 'zoho',
  start: () => startHostSuite('This message was recorded in a browser tab because Zoho Mail gave the widget no microphone.'),
  cases: [
    {
      it: 'opens our record page in a browser tab, and the message recorded there comes back into the email through the handoff',
      open: widgetWithoutMicrophone(true),
      signIn,
      async recordElsewhere(suite, zoho, email) {
        const [tab] = await Promise.all([
          zoho.context.waitForEvent('page'),
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
        return tab.getByRole('textbox', { name: 'Link to your message' }).inputValue();
      },
      inserted,
      expectedConsole,
    },
    {
      it: 'with pop-ups blocked too: hands out the record page’s address, and the message recorded there still goes into the email',
      open: widgetWithoutMicrophone(false),
      signIn,
      async recordElsewhere(suite, zoho, email) {
        await zoho.widget.getByRole('button', { name: 'Record in a new window' }).click();
        await zoho.widget.getByText('Zoho Mail did not let Vocal open a tab.', { exact: false }).waitFor();
        const address = await zoho.widget.getByRole('textbox', { name: 'Address to open in your browser' }).inputValue();
        expect(address).toMatch(new RegExp(`^${suite.product.url}/record/handoff/[A-Za-z0-9_-]{22}\\?subject=Site\\+visit$`));
        expect(zoho.windows).toEqual([]);
        expect(await axeViolations(zoho.widget)).toEqual([]);

        // The person opens the address in their browser, signs in there, records and sends it to Zoho Mail.
        const tab = await recordInHandoffTab(zoho.context, address, { email, seconds: 3, sendLabel: 'Send to Zoho Mail' });
        const tabErrors = watchPageErrors(tab);
        const url = await tab.getByRole('textbox', { name: 'Link to your message' }).inputValue();
        expect(tabErrors).toEqual([]);
        return url;
      },
      inserted,
      expectedConsole,
    },
  ],
});
