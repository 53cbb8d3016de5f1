import {
  axeViolations,
  launchBrowser,
  recordUntil,
  savePersonalisation,
  signInWithPassword,
  signUpOverApi,
  startHostProduct,
  strangerPlays,
  repliesListedFor,
  strangerRepliesByVoice,
  uniqueEmail,
  watchPageErrors,
  type ApiProcess,
} from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, startMicrosoftIdentity } from './microsoft-identity.ts';
import { installedManifest, teamsAuthTokenFor } from './teams-single-sign-on.ts';
import { APP_ORIGIN, CONFIG_DIALOG, TAB_DESKTOP, TAB_PHONE, openInTeams, routeTeams } from './teams-harness.ts';
import { pressWithKeyboard, touchTargetHeight } from './support.ts';

let product: ApiProcess;
let identity: Awaited<ReturnType<typeof startMicrosoftIdentity>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  const wav = await makeSpeechWav('Hello team, this is a voice message recorded in Microsoft Teams. Listen and reply.', { seconds: 10 });
  // The server serves this app's build at /hosts/ms-teams/ (turbo builds it before the tests),
  // with Microsoft sign-in on against a local stand-in for Microsoft's keys.
  identity = await startMicrosoftIdentity();
  product = await startHostProduct(identity.env);
  browser = await launchBrowser({ microphoneWav: wav, loop: true });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await identity?.close();
});

/** A fresh profile whose requests for Teams and our app origin go to the harness and the test's server. */
async function teamsContext(viewport = TAB_DESKTOP, options: { phone?: boolean } = {}) {
  const context = await browser.newContext({ viewport, ...(options.phone ? { isMobile: true, hasTouch: true } : {}) });
  // A reply's audio is addressed on the server's public URL, here http://localhost: Chromium's
  // local-network-access rules would refuse it to the tab on https://vocal.test. In a
  // deployment the public URL is the tab's own origin, so nothing is asked there.
  await context.grantPermissions(['local-network-access']);
  await routeTeams(context, product.url);
  return context;
}

/** Signs in through the window Teams opens, as Sign in with email offers. */
async function signInThroughTeams(teams: Awaited<ReturnType<typeof openInTeams>>, email: string) {
  const windowOpened = teams.nextAuthWindow();
  await teams.tab.getByRole('button', { name: 'Sign in with email' }).click();
  await signInWithPassword(await windowOpened);
  await teams.tab.getByText(`Signed in as ${email}`).waitFor();
}

/** The Replies section of a tab. */
const repliesIn = (tab: FrameLocator) => tab.getByRole('region', { name: /^Replies here/ });

/** Two group chats: what is recorded in the first must come back to it alone. */
const CHAT = '19:b8577894a63548969c5c92bb9c80c5e1@thread.v2';
const OTHER_CHAT = '19:0c2d5f3e8a7b4e21b6f1d9a4c3e7f2a0@thread.v2';

describe('the Teams app', () => {
  it('serves its manifest with our public URL and host filled in', async () => {
    const response = await fetch(`${product.url}/hosts/ms-teams/manifest.json`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as { staticTabs: { contentUrl: string }[]; validDomains: string[] };
    expect(manifest.validDomains).toEqual([new URL(product.url).host]);
    const tab = manifest.staticTabs[0]!.contentUrl;
    expect(tab).toBe(`${product.url}/hosts/ms-teams/tab.html`);
    expect((await fetch(tab)).status).toBe(200);

    // The package Teams installs from: manifest and icons, zipped by the server.
    const zip = await fetch(`${product.url}/hosts/ms-teams/app.zip`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
  });

  it('signs in through the window Teams opens, records, and opens Teams’ share box with the link', async () => {
    const email = uniqueEmail('teams');
    const token = await signUpOverApi(product.url, email);
    await savePersonalisation(product.url, token, { signature: { enabled: true, message: 'Listen & reply <soon>' } });

    const context = await teamsContext();
    const teams = await openInTeams(context, '/hosts/ms-teams/tab.html', { context: { loginHint: email, userPrincipalName: email } });
    const errors = watchPageErrors(teams.page);

    // Signed out: Sign in with email asks Teams to open our sign-in page, prefilled with the address Teams knows.
    const windowOpened = teams.nextAuthWindow();
    await teams.tab.getByRole('button', { name: 'Sign in with email' }).click();
    const window = await windowOpened;
    const [authenticate] = await teams.callsNamed('authentication.authenticate');
    expect(authenticate!.args.slice(0, 3)).toEqual([`${APP_ORIGIN}/hosts/ms-teams/auth.html?email=${encodeURIComponent(email)}`, 480, 640]);
    await expect.poll(() => window.getByLabel('Email').inputValue()).toBe(email);
    await signInWithPassword(window);

    // The window hands the session to Teams with notifySuccess and closes; the tab is signed in.
    await teams.tab.getByText(`Signed in as ${email}`).waitFor();
    await expect.poll(() => window.isClosed()).toBe(true);
    const [success] = await teams.callsNamed('authentication.authenticate.success');
    expect(success!.from).toBe('auth-window');
    expect(await axeViolations(teams.frame())).toEqual([]);

    await recordUntil(teams.tab, 4);
    expect(await teams.callsNamed('sharing.shareWebContent')).toEqual([]);
    await teams.tab.getByRole('button', { name: 'Share in Teams' }).click();
    await teams.tab.getByText('Your message is ready', { exact: true }).waitFor();
    const url = await teams.tab.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    expect(url).toMatch(new RegExp(`^${product.url}/listen/[A-Za-z0-9]{12}$`));

    // Exactly this went to Teams' share box: the link, the signature as text, a preview card.
    expect(await teams.callsNamed('sharing.shareWebContent')).toEqual([
      {
        from: 'tab',
        func: 'sharing.shareWebContent',
        args: [{ content: [{ type: 'URL', url, message: 'Listen & reply ‹soon›', preview: true }] }],
      },
    ]);

    // A stranger's browser plays the link.
    await strangerPlays(browser, url);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows Teams’ theme, and says calmly that sign-in was cancelled when the person closes the window, on a phone', async () => {
    const context = await teamsContext(TAB_PHONE, { phone: true });
    const teams = await openInTeams(context, '/hosts/ms-teams/tab.html', { context: { hostClientType: 'android', theme: 'dark' } });
    // Teams' theme wins over the system's (light here), and follows the person's switch.
    const scheme = () => teams.tab.locator('.teams-theme').getAttribute('data-vk-scheme');
    await expect.poll(scheme).toBe('dark');
    await teams.switchTheme('default');
    await expect.poll(scheme).toBe('light');
    const windowOpened = teams.nextAuthWindow();
    await teams.tab.getByRole('button', { name: 'Sign in with email' }).click();
    const window = await windowOpened;
    await window.getByLabel('Password').waitFor();
    await window.close();
    await teams.tab.getByRole('status').filter({ hasText: 'Sign-in was cancelled.' }).waitFor();
    for (const name of ['Continue with Microsoft', 'Sign in with email']) {
      expect(await touchTargetHeight(teams.tab.getByRole('button', { name })), name).toBeGreaterThanOrEqual(44);
    }
    expect(await axeViolations(teams.frame())).toEqual([]);
    await context.close();
  });

  it('signs in with the Microsoft account Teams vouches for from the served manifest, making the Vocal account on first use', async () => {
    const email = uniqueEmail('teams');
    const context = await teamsContext();
    // Teams gives the token it does for the app as installed: from the manifest in the server's app.zip.
    const manifest = await installedManifest(product.url);
    expect(manifest.webApplicationInfo).toEqual({ id: CLIENT_ID, resource: `api://${new URL(product.url).host}/${CLIENT_ID}` });
    const authToken = teamsAuthTokenFor(manifest, identity, email);
    expect(authToken).toHaveProperty('token');
    const teams = await openInTeams(context, '/hosts/ms-teams/tab.html', { context: { loginHint: email }, authToken });
    const errors = watchPageErrors(teams.page);
    // By keyboard alone: Tab from Teams' page into the tab reaches the button, Enter presses it.
    await pressWithKeyboard(teams.page, teams.tab.getByRole('button', { name: 'Continue with Microsoft' }));
    await teams.tab.getByText(`Signed in as ${email}`).waitFor();
    expect((await teams.callsNamed('authentication.getAuthToken')).length).toBe(1);
    expect(await teams.callsNamed('authentication.authenticate')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('falls back to email sign-in, saying why, when Teams gives no Microsoft token', async () => {
    const context = await teamsContext();
    const teams = await openInTeams(context, '/hosts/ms-teams/tab.html', { authToken: { failure: 'resourceDisabled' } });
    await teams.tab.getByRole('button', { name: 'Continue with Microsoft' }).click();
    await teams.tab.getByRole('alert').filter({ hasText: 'resourceDisabled' }).waitFor();
    await teams.tab.getByRole('button', { name: 'Sign in with email' }).waitFor();
    await context.close();
  });

  it('shows a voice reply to a message recorded in this chat in its tab only, on a phone too, and shares it to Teams', async () => {
    const email = uniqueEmail('teams-replies');
    const token = await signUpOverApi(product.url, email);
    const context = await teamsContext();
    const teams = await openInTeams(context, '/hosts/ms-teams/tab.html', { context: { loginHint: email, chatId: CHAT } });
    const errors = watchPageErrors(teams.page);
    await signInThroughTeams(teams, email);

    // Recorded in the chat's tab: nothing has come back yet.
    await recordUntil(teams.tab, 3);
    await teams.tab.getByRole('button', { name: 'Share in Teams' }).click();
    await teams.tab.getByText('Your message is ready', { exact: true }).waitFor();
    const url = await teams.tab.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    const replies = repliesIn(teams.tab);
    await replies.getByText('When someone answers a message you recorded here, their reply shows up here.').waitFor();

    // Someone in the chat answers by voice on the listen page; the person comes back to the tab.
    await strangerRepliesByVoice(browser, url, 'Ana Lima');
    await teams.frame().evaluate(() => window.dispatchEvent(new Event('focus')));
    await replies.getByRole('heading', { name: 'Replies here 1 new reply' }).waitFor();
    const card = replies.getByRole('listitem');
    await card.getByText('Ana Lima', { exact: true }).waitFor();
    await card.getByRole('group', { name: 'Voice message: Voice reply from Ana Lima' }).waitFor();
    expect(await axeViolations(teams.frame())).toEqual([]);

    // Only this chat's tab lists it: the server answers another chat with nothing.
    const listFor = (conversation: string) => repliesListedFor(product.url, token, conversation);
    const [reply] = await listFor(`ms-teams:${CHAT}`);
    expect(reply?.senderName).toBe('Ana Lima');
    expect(await listFor(`ms-teams:${OTHER_CHAT}`)).toEqual([]);

    // The same chat's tab on a phone: the reply is there, and every control in it is a full touch target.
    const phone = await teamsContext(TAB_PHONE, { phone: true });
    const mobile = await openInTeams(phone, '/hosts/ms-teams/tab.html', {
      context: { loginHint: email, hostClientType: 'android', chatId: CHAT },
    });
    const phoneErrors = watchPageErrors(mobile.page);
    await signInThroughTeams(mobile, email);
    const phoneReplies = repliesIn(mobile.tab);
    await phoneReplies.getByRole('heading', { name: 'Replies here 1 new reply' }).waitFor();
    const phoneCard = phoneReplies.getByRole('listitem');
    for (const control of [
      phoneCard.getByRole('button', { name: 'Share to Teams' }),
      phoneCard.getByRole('button', { name: 'Mark as heard: voice reply from Ana Lima' }),
      phoneCard.getByRole('button', { name: 'Play', exact: true }),
      phoneCard.getByRole('button', { name: /^Playback speed/ }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      expect(await touchTargetHeight(control), String(control)).toBeGreaterThanOrEqual(44);
    }
    expect(await axeViolations(mobile.frame())).toEqual([]);

    // Tapped there, Share to Teams opens Teams' share box with who answered, their words and the link to hear it.
    await phoneCard.getByRole('button', { name: 'Share to Teams' }).tap();
    await phoneCard.getByText('The reply went to Teams’ share box, with its link to hear it.').waitFor();
    const replyUrl = `${APP_ORIGIN}/listen/${reply!.id}`;
    const [shared] = await mobile.callsNamed('sharing.shareWebContent');
    expect(shared!.args).toEqual([
      { content: [{ type: 'URL', url: replyUrl, message: expect.stringMatching(/^Voice reply from Ana Lima(: “.+”)?$/), preview: true }] },
    ]);
    await expect.poll(() => mobile.shareBox.locator('.teams-share__compose').textContent()).toMatch(/^Voice reply from Ana Lima/);
    expect(await mobile.shareBox.locator('.teams-share__preview').getAttribute('href')).toBe(replyUrl);
    // Shared is heard: on the phone at once, and on the computer at its next look.
    await phoneReplies.getByRole('heading', { name: 'Replies here', exact: true }).waitFor();
    await teams.frame().evaluate(() => window.dispatchEvent(new Event('focus')));
    await replies.getByRole('heading', { name: 'Replies here', exact: true }).waitFor();

    expect(phoneErrors).toEqual([]);
    expect(errors).toEqual([]);
    await phone.close();
    await context.close();
  });

  it('configures a channel tab: Save stores our tab page under the chosen name', async () => {
    const context = await teamsContext(CONFIG_DIALOG);
    const teams = await openInTeams(context, '/hosts/ms-teams/config.html', {
      frameContext: 'settings',
      context: { channelId: '19:general@thread.tacv2', channelName: 'General', teamName: 'Design' },
    });
    await teams.tab.getByRole('heading', { name: 'Add Vocal to General' }).waitFor();
    await expect.poll(async () => (await teams.callsNamed('settings.setValidityState')).at(-1)?.args).toEqual([true]);
    await teams.tab.getByRole('textbox', { name: 'Tab name' }).fill('Team voice');
    expect(await axeViolations(teams.frame())).toEqual([]);

    await teams.save();
    await expect.poll(async () => (await teams.callsNamed('settings.save.success')).length).toBe(1);
    expect((await teams.callsNamed('settings.setSettings')).map((call) => call.args)).toEqual([
      [
        {
          entityId: 'vocal-record',
          contentUrl: `${APP_ORIGIN}/hosts/ms-teams/tab.html`,
          websiteUrl: `${APP_ORIGIN}/record`,
          suggestedDisplayName: 'Team voice',
        },
      ],
    ]);
    await context.close();
  });
});
