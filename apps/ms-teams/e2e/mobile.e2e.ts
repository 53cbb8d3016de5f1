import {
  axeViolations,
  recordInHandoffTab,
  signInWithPassword,
  signUpOverApi,
  startHostSuite,
  uniqueEmail,
  watchPageErrors,
  type HostSuite,
} from '@vocal/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, TAB_PHONE, openInTeams, routeTeams } from './teams-harness.ts';

/** The group chat the tab is in on the phone. */
const CHAT = '19:mobilechat@thread.v2';

/**
 * No prompt is ever accepted, and each context grants the microphone to our own origin only:
 * the tab, a frame under Teams, has none, as a Teams tab on a phone has none, while the phone's
 * browser, on our origin, records.
 */
let suite: HostSuite;

beforeAll(async () => {
  suite = await startHostSuite(
    'This message was recorded in the phone’s suite.browser, because a Teams tab on a phone has no microphone.',
    { denyMicrophone: true },
  );
});

afterAll(async () => {
  await suite?.stop();
});

describe('Teams on a phone', () => {
  it('opens our record page through Teams (app.openLink), not a window, and the link comes back to Teams’ share box', async () => {
    const email = uniqueEmail('teams');
    await signUpOverApi(suite.product.url, email);
    const context = await suite.browser.newContext({ viewport: TAB_PHONE, isMobile: true, hasTouch: true });
    await context.grantPermissions(['microphone'], { origin: APP_ORIGIN });
    await routeTeams(context, suite.product.url);
    const teams = await openInTeams(context, '/hosts/ms-teams/tab.html', {
      context: { loginHint: email, hostClientType: 'android', chatId: CHAT },
    });
    const errors = watchPageErrors(teams.page);

    const signInWindow = teams.nextAuthWindow();
    await teams.tab.getByRole('button', { name: 'Sign in' }).click();
    await signInWithPassword(await signInWindow);
    await teams.tab.getByText(`Signed in as ${email}`).waitFor();

    await teams.tab.getByRole('button', { name: 'Start recording' }).click();
    await teams.tab.getByRole('alert').filter({ hasText: 'Microphone access was blocked' }).waitFor();
    // From here on, a window.open would leave Teams with no way back: none may open.
    const windows: string[] = [];
    context.on('page', (page) => windows.push(page.url()));
    await teams.tab.getByRole('button', { name: 'Record in a new window' }).click();

    const [recordUrl] = await teams.openedLinks(1);
    // The tab's chat goes along: the message is filed there, so replies come back to this tab.
    expect(recordUrl).toMatch(
      new RegExp(`^${APP_ORIGIN}/record/handoff/[A-Za-z0-9_-]{22}\\?conversation=ms-teams%3A19%3Amobilechat%40thread\\.v2$`),
    );
    await teams.tab.getByRole('heading', { name: 'Recording in your browser' }).waitFor();
    expect(windows).toEqual([]);
    expect(await axeViolations(teams.frame())).toEqual([]);

    // Teams hands the address to the phone's browser: signed out there, the person signs in, records and sends it to Teams.
    const tab = await recordInHandoffTab(context, recordUrl!, {
      email,
      seconds: 3,
      sendLabel: 'Send to Teams',
      conversation: `ms-teams:${CHAT}`,
    });
    const url = await tab.getByRole('textbox', { name: 'Link to your message' }).inputValue();

    // The tab claims it and Teams' share box opens with it, as if recorded in place.
    await teams.tab.getByText('Your message is ready', { exact: true }).waitFor();
    await expect
      .poll(async () => (await teams.callsNamed('sharing.shareWebContent')).map((call) => call.args))
      .toEqual([[{ content: [{ type: 'URL', url, message: 'Hey, check out my voice message!', preview: true }] }]]);
    expect(errors.filter((error) => !/NotAllowedError|Permission denied|Permissions policy violation: microphone/i.test(error))).toEqual(
      [],
    );
    await context.close();
  });
});
