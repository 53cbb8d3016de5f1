import { signInWithPassword, startHostSuite } from '@vocal/e2e';
import { describeMicrophoneRefused, recordInBorrowedWindow } from '@vocal/e2e/microphone-refused';
import { expect } from 'vitest';
import { APP_ORIGIN, TAB_DESKTOP, openInTeams, routeTeams } from './teams-harness.ts';

/** The group chat the tab is in: the window files its message there too. */
const CHAT = '19:7f9e0c2a5b8d4e6f@thread.v2';

describeMicrophoneRefused('when Teams refuses the tab the microphone', {
  emailPrefix: 'teams',
  start: () =>
    // Grants the microphone to nobody unless asked: each context grants it to our own origin
    // only, so the tab (a frame under Teams' origin) is refused it, as some Teams clients refuse
    // it, while a window of our own origin has it.
    startHostSuite('This message was recorded in a separate window because Teams blocked the microphone.', { denyMicrophone: true }),
  cases: [
    {
      it: 'explains it, records in a window of ours with the tab’s session, and shares the link in Teams',
      async open({ product, browser }, email) {
        const context = await browser.newContext({ viewport: TAB_DESKTOP });
        await context.grantPermissions(['microphone'], { origin: APP_ORIGIN });
        await routeTeams(context, product.url);
        const teams = await openInTeams(context, '/hosts/ms-teams/tab.html', { context: { loginHint: email, chatId: CHAT } });
        return { ...teams, panel: teams.tab, context, close: () => context.close() };
      },
      async signIn(teams) {
        const signInWindow = teams.nextAuthWindow();
        await teams.tab.getByRole('button', { name: 'Sign in' }).click();
        await signInWithPassword(await signInWindow);
      },
      async recordElsewhere(_suite, teams) {
        const opened = teams.context.waitForEvent('page');
        await teams.tab.getByRole('button', { name: 'Record in a new window' }).click();
        // Our record window opens with no token in its address, and borrows the tab's session.
        const window = await opened;
        expect(window.url()).toBe(`${APP_ORIGIN}/teams/record`);
        return recordInBorrowedWindow(window, teams.tab, { sendLabel: 'Share', conversation: `ms-teams:${CHAT}` });
      },
      async inserted(_suite, teams, url) {
        // The tab opens Teams' share box as if recorded in place.
        expect(await teams.callsNamed('sharing.shareWebContent')).toEqual([
          {
            from: 'tab',
            func: 'sharing.shareWebContent',
            args: [{ content: [{ type: 'URL', url, message: 'Hey, check out my voice message!', preview: true }] }],
          },
        ]);
      },
    },
  ],
});
