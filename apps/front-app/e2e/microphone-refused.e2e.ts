import { axeViolations, recordInHandoffTab, signInWithPassword, startHostSuite, watchPageErrors } from '@vocal/e2e';
import { describeMicrophoneRefused } from '@vocal/e2e/microphone-refused';
import { expect } from 'vitest';
import { conversationContext, FRONT_SANDBOX, openFrontSidebar } from './front-harness.ts';
import { LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';

describeMicrophoneRefused('when Front gives the plugin no microphone, in Front’s sandbox where pop-ups do not open', {
  emailPrefix: 'front',
  start: () =>
    // One browser plays it all: no prompt is ever accepted, and the microphone is granted to our
    // origin only. Front's page gets none, so the plugin's frame (whose microphone is Front's,
    // delegated) is refused, while a browser tab on our origin records.
    startHostSuite('This message was recorded in a browser tab because Front gave the plugin no microphone.', {
      denyMicrophone: true,
      seconds: 8,
    }),
  cases: [
    {
      it: 'records in a browser tab Front opens (openUrl), and the link comes back into the draft through the handoff',
      async open({ product, browser }, email) {
        expect(FRONT_SANDBOX.split(' ')).not.toContain('allow-popups');
        const context = await browser.newContext({ viewport: { width: 340, height: 720 } });
        await context.grantPermissions(['microphone'], { origin: new URL(product.url).origin });
        const front = await openFrontSidebar(context, `${product.url}/hosts/front-app/sidebar.html`, {
          context: conversationContext({ subject: 'Site visit', draftId: 'dra_open', email }),
          microphone: false,
        });
        // Nothing the plugin does may open a window: every page it opens goes through Front.
        const windows: string[] = [];
        context.on('page', (page) => windows.push(page.url()));
        return { ...front, panel: front.sidebar, context, windows, recordUrl: '', close: () => context.close() };
      },
      async signIn(front, email) {
        await expect.poll(() => front.sidebar.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
        await signInWithPassword(front.sidebar);
      },
      async recordElsewhere({ product }, front, email) {
        const { sidebar } = front;
        await sidebar.getByRole('button', { name: 'Record in a new window' }).click();
        // The plugin asked Front to open our record page, with only the handoff's id in its address.
        const [recordUrl] = await front.opened(1);
        expect(recordUrl).toMatch(
          new RegExp(`^${product.url}/record/handoff/[A-Za-z0-9_-]{22}\\?subject=Site\\+visit&conversation=front%3Acnv_1$`),
        );
        front.recordUrl = recordUrl!;
        await sidebar.getByRole('heading', { name: 'Recording in your browser' }).waitFor();
        expect(await axeViolations(front.frame)).toEqual([]);
        expect(front.windows).toEqual([]);

        // Front opens it in the teammate's browser: signed out there, they sign in to the web app, record and send.
        const tab = await recordInHandoffTab(front.context, recordUrl!, {
          email,
          seconds: 3,
          sendLabel: 'Send to Front',
          conversation: 'front:cnv_1',
        });
        const tabErrors = watchPageErrors(tab);
        const url = await tab.getByRole('textbox', { name: 'Link to your message' }).inputValue();
        expect(await axeViolations(tab)).toEqual([]);
        expect(tabErrors).toEqual([]);
        return url;
      },
      async inserted({ product }, front, url) {
        const { sidebar } = front;
        // The sidebar claims it and inserts it as if recorded in place, titled by the conversation's
        // subject, which came along in the tab's address.
        await sidebar.getByText('The link was added where you are writing.').waitFor();
        expect(await sidebar.getByRole('textbox', { name: 'Link to your message' }).inputValue()).toBe(url);
        expect(await sidebar.getByRole('heading', { name: 'Recording in your browser' }).count()).toBe(0);
        expect((await front.calls()).filter((call) => call.name !== 'openUrl')).toEqual([
          {
            name: 'updateDraft',
            contextId: 'context-1',
            args: [
              'dra_open',
              {
                updateMode: 'insert',
                content: {
                  body: `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}" style="${LIGHT_LINK_STYLE}">Site visit</a></p>`,
                  type: 'html',
                },
              },
            ],
          },
        ]);
        // The handoff is spent: the tab's address now says so.
        const handoffId = new URL(front.recordUrl).pathname.split('/').pop();
        expect((await fetch(`${product.url}/api/recording-handoff/${handoffId}`)).status).toBe(404);
        // The one window is the tab the test opened, playing Front's openUrl.
        expect(front.windows).toHaveLength(1);
      },
      // The sidebar's own refusal is the only error its console saw.
      expectedConsole: /NotAllowedError|Permission denied/i,
    },
  ],
});
