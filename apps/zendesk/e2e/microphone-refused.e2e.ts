import { signInWithPassword } from '@vocal/e2e';
import { describeMicrophoneRefused, recordInBorrowedWindow } from '@vocal/e2e/microphone-refused';
import { expect } from 'vitest';
import { openTicket, startZendeskSuite } from './zendesk-harness.ts';
import { LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';

describeMicrophoneRefused('when Zendesk’s frame gives the sidebar no microphone', {
  emailPrefix: 'zendesk',
  start: () => startZendeskSuite('This message was recorded in a separate window because the sidebar had no microphone.'),
  cases: [
    {
      it: 'explains it, records in our window with the borrowed session, and appends the link to the reply',
      async open(suite, email) {
        const context = await suite.browser.newContext({ viewport: { width: 900, height: 800 } });
        // The frame is not allowed the microphone (no allow="microphone"): the browser refuses it there, not in a window.
        const ticket = await openTicket(context, suite.harness, suite.sidebarUrl, {
          subject: 'Site visit',
          agentEmail: email,
          allowMicrophone: false,
        });
        return { ...ticket, panel: ticket.sidebar, context, close: () => context.close() };
      },
      async signIn(ticket) {
        const signingIn = ticket.context.waitForEvent('page');
        await ticket.sidebar.getByRole('button', { name: 'Sign in' }).click();
        await signInWithPassword(await signingIn);
      },
      async recordElsewhere(suite, ticket) {
        const opening = ticket.context.waitForEvent('page');
        await ticket.sidebar.getByRole('button', { name: 'Record in a new window' }).click();
        // The window opens on the record page with no token in its address, and borrows the session.
        const window = await opening;
        expect(window.url()).toBe(`${suite.product.url}/record/zendesk`);
        return recordInBorrowedWindow(window, ticket.sidebar, {
          sendLabel: 'Add to reply',
          // The harness's ticket, 4242 on acme: the window files the message there too.
          conversation: 'zendesk:acme/4242',
          beforeSend: () => expect.poll(() => window.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Site visit'),
        });
      },
      async inserted(_suite, ticket, url) {
        // The sidebar appends the link as if recorded in place.
        expect(await ticket.invoked('ticket.comment.appendHtml')).toEqual([
          [`<p>Hey, check out my voice message!<br>🎙️ <a href="${url}" style="${LIGHT_LINK_STYLE}">Site visit</a></p>`],
        ]);
      },
      // Chromium logs the refusal this test provokes; nothing else may go wrong.
      expectedConsole: /Permissions policy violation: microphone is not allowed/,
    },
  ],
});
