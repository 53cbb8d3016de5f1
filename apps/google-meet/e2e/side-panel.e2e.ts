import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  axeViolations,
  launchBrowser,
  recordInHandoffTab,
  recordUntil,
  signInWithPassword,
  signUpOverApi,
  strangerPlays,
  uniqueEmail,
  watchPageErrors,
} from '@vocal/e2e';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEET_ORIGIN, openMeeting, PROJECT_NUMBER, startMeetSuite, type MeetOptions } from './meet-harness.ts';

let suite: Awaited<ReturnType<typeof startMeetSuite>>;
const panelSize = { width: 360, height: 720 };
/** The viewport of Meet's tab: the stage beside the side panel. */
const meetingViewport = { width: 1440, height: 900 };

beforeAll(async () => {
  suite = await startMeetSuite('Hello everyone, this voice message was recorded in the meeting. Listen to it together.');
});

afterAll(async () => {
  await suite?.stop();
});

/**
 * Opens the add-on in a meeting and signs in inside the side panel, as a person with an account
 * (Meet tells the add-on no address to prefill): no window opens.
 */
async function signedInMeeting(context: BrowserContext, email: string, options: MeetOptions = {}) {
  const meeting = await openMeeting(context, suite.sidePanelUrl, { panel: panelSize, ...options });
  const errors = watchPageErrors(meeting.page);
  await meeting.panel.getByRole('button', { name: 'Continue' }).waitFor();
  expect(await axeViolations(meeting.frame)).toEqual([]);
  await signInWithPassword(meeting.panel, email);
  await meeting.panel.getByText(`Signed in as ${email}`).waitFor();
  expect(context.pages()).toHaveLength(1);
  return { ...meeting, errors };
}

const stageUrlOf = (listenUrl: string) => {
  const id = /\/listen\/([A-Za-z0-9_-]+)$/.exec(listenUrl)?.[1];
  return `${suite.product.url}/hosts/google-meet/main-stage.html?project=${PROJECT_NUMBER}&id=${id}`;
};

describe('the Google Meet add-on', () => {
  it('is served at /addons/meet, framed by Meet’s pages only, and says so when opened outside Meet', async () => {
    const response = await fetch(suite.sidePanelUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const framing = /frame-ancestors ([^;]+)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
    expect(framing).toEqual(["'self'", MEET_ORIGIN]);

    // The production build (turbo builds it before the tests) has no door for a stand-in SDK.
    const assets = join(import.meta.dirname, '..', 'dist', 'assets');
    const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) expect(await readFile(join(assets, name), 'utf8'), name).not.toContain('__vocalMeetAddonHarness');

    const context = await suite.browser.newContext({ viewport: panelSize });
    const page = await context.newPage();
    await page.goto(suite.sidePanelUrl);
    await page.getByRole('heading', { name: 'Open Vocal from Google Meet' }).waitFor();
    await context.close();
  });

  it('signs in, records, copies the message for the chat, and plays it on the main stage for everyone', async () => {
    const email = uniqueEmail('meet');
    await signUpOverApi(suite.product.url, email);
    const context = await suite.browser.newContext({ viewport: meetingViewport });
    const meeting = await signedInMeeting(context, email);
    const { panel } = meeting;
    expect(await axeViolations(meeting.frame)).toEqual([]);

    await recordUntil(panel, 3);
    await panel.getByRole('textbox', { name: 'Title' }).fill('Standup <notes> & plans');
    await panel.getByRole('button', { name: 'Copy for chat' }).click();
    await panel.getByText('Copied. Paste it into the meeting chat, or play it for everyone.').waitFor();
    const url = await panel.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    expect(url).toMatch(/\/listen\/[A-Za-z0-9]{12}$/);
    // What the person pastes into Meet's chat: the signature, then the title (tag-like text defused) and the link.
    expect(await meeting.clipboard()).toBe(`Hey, check out my voice message!\n🎙️ Standup ‹notes› & plans: ${url}`);
    expect(await axeViolations(meeting.frame)).toEqual([]);

    // Play for everyone: an activity whose main stage is the page that plays exactly this message.
    expect(await meeting.callsNamed('startActivity')).toEqual([]);
    await panel.getByRole('button', { name: 'Play for everyone' }).click();
    await panel.getByText('It’s on the main stage for everyone in the call.').waitFor();
    expect(await meeting.callsNamed('startActivity')).toEqual([
      { frame: 'side-panel', call: 'startActivity', args: [{ mainStageUrl: stageUrlOf(url) }] },
    ]);

    // The stage shows it, tells Meet it has loaded, and plays.
    const stage = await meeting.stageFrame();
    await stage.getByRole('heading', { level: 1, name: 'Standup <notes> & plans' }).waitFor();
    await expect
      .poll(async () => (await meeting.calls()).filter((call) => call.frame === 'main-stage').map((call) => call.call))
      .toEqual(['createAddonSession', 'createMainStageClient']);
    expect((await meeting.callsNamed('createAddonSession')).map((call) => call.args)).toEqual([
      [{ cloudProjectNumber: PROJECT_NUMBER }],
      [{ cloudProjectNumber: PROJECT_NUMBER }],
    ]);
    expect(await axeViolations(stage)).toEqual([]);
    await stage.getByRole('button', { name: 'Play', exact: true }).click();
    await stage.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5, undefined, { timeout: 120_000 });

    // Anyone with the link plays it too.
    await strangerPlays(suite.browser, url);
    expect(meeting.errors).toEqual([]);
    await context.close();
  });
});

describe('when Meet gives the add-on no microphone', () => {
  /**
   * Its own browser: no prompt is ever accepted, and the microphone is granted to our origin
   * only. Meet's page gets none, so the side panel's frame (whose microphone is Meet's,
   * delegated) is refused, while our record window, top-level on our origin, records.
   */
  let refusing: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    refusing = await launchBrowser({ denyMicrophone: true, microphoneWav: suite.wav, loop: true });
  });
  afterAll(async () => {
    await refusing?.close();
  });

  it('explains it, records in our window with the borrowed session, and the link comes back to share', async () => {
    const email = uniqueEmail('meet');
    await signUpOverApi(suite.product.url, email);
    const context = await refusing.newContext({ viewport: meetingViewport });
    await context.grantPermissions(['microphone'], { origin: new URL(suite.product.url).origin });
    const meeting = await signedInMeeting(context, email, { microphone: false });
    const { panel } = meeting;

    await panel.getByRole('button', { name: 'Start recording' }).click();
    await panel.getByRole('alert').filter({ hasText: 'Microphone access was blocked' }).waitFor();
    expect(await axeViolations(meeting.frame)).toEqual([]);
    const opening = context.waitForEvent('page');
    await panel.getByRole('button', { name: 'Record in a new window' }).click();

    // Our record window, with no token in its address: it borrows the panel's session.
    const window: Page = await opening;
    const windowErrors = watchPageErrors(window);
    expect(window.url()).toBe(`${suite.product.url}/record/google-meet`);
    await window.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await window.getByLabel('Password').count()).toBe(0);
    await recordUntil(window, 3);
    await window.getByRole('button', { name: 'Copy for chat' }).click();

    // The window hands the share back and closes; the panel has the link, and plays it for everyone.
    await expect.poll(() => window.isClosed()).toBe(true);
    const url = await panel.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    expect(url).toMatch(/\/listen\/[A-Za-z0-9]{12}$/);
    await panel.getByRole('button', { name: 'Play for everyone' }).click();
    await panel.getByText('It’s on the main stage for everyone in the call.').waitFor();
    expect((await meeting.callsNamed('startActivity')).map((call) => call.args)).toEqual([[{ mainStageUrl: stageUrlOf(url) }]]);
    const id = /\/listen\/([A-Za-z0-9]{12})$/.exec(url)?.[1];
    expect((await fetch(`${suite.product.url}/api/view-vocal/${id}`)).status).toBe(200);

    // The panel's own refusal is the only error its console saw.
    expect(
      meeting.errors.filter((error) => !/NotAllowedError|Permission denied|Permissions policy violation: microphone/i.test(error)),
    ).toEqual([]);
    expect(windowErrors).toEqual([]);
    await context.close();
  });

  it('with pop-ups blocked too: hands out the record page’s address, and the message recorded there comes back through the handoff', async () => {
    const email = uniqueEmail('meet');
    await signUpOverApi(suite.product.url, email);
    const context = await refusing.newContext({ viewport: meetingViewport });
    await context.grantPermissions(['microphone'], { origin: new URL(suite.product.url).origin });
    const meeting = await signedInMeeting(context, email, { microphone: false, popups: false });
    const { panel } = meeting;
    const windows: string[] = [];
    context.on('page', (page) => windows.push(page.url()));

    await panel.getByRole('button', { name: 'Start recording' }).click();
    await panel.getByRole('alert').filter({ hasText: 'Microphone access was blocked' }).waitFor();
    await panel.getByRole('button', { name: 'Record in a new window' }).click();

    // The pop-up was blocked: the panel says so and hands out the address, with only the handoff's id in it.
    await panel.getByText('Google Meet did not let Vocal open a tab.', { exact: false }).waitFor();
    const address = await panel.getByRole('textbox', { name: 'Address to open in your browser' }).inputValue();
    expect(address).toMatch(new RegExp(`^${suite.product.url}/record/handoff/[A-Za-z0-9_-]{22}$`));
    expect(windows).toEqual([]);
    expect(await axeViolations(meeting.frame)).toEqual([]);

    // The person opens it in their browser, signs in there, records and sends it back to Meet.
    const tab = await recordInHandoffTab(context, address, { email, seconds: 3, sendLabel: 'Send to Google Meet' });
    const tabErrors = watchPageErrors(tab);
    const url = await tab.getByRole('textbox', { name: 'Link to your message' }).inputValue();

    // The panel claims it: the message, ready for the chat and the main stage.
    await expect.poll(() => panel.getByRole('textbox', { name: 'Link to your message' }).inputValue()).toBe(url);
    expect(await panel.getByRole('heading', { name: 'Recording in your browser' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Play for everyone' }).click();
    await panel.getByText('It’s on the main stage for everyone in the call.').waitFor();
    expect((await meeting.callsNamed('startActivity')).map((call) => call.args)).toEqual([[{ mainStageUrl: stageUrlOf(url) }]]);
    expect((await fetch(`${suite.product.url}/api/recording-handoff/${address.split('/').pop()}`)).status).toBe(404);

    // The panel's refusals (the microphone, and the browser's own line for each blocked window) are all its console saw.
    expect(
      meeting.errors.filter(
        (error) =>
          !/NotAllowedError|Permission denied|Permissions policy violation: microphone|Blocked opening .* in a new window/i.test(error),
      ),
    ).toEqual([]);
    expect(tabErrors).toEqual([]);
    await context.close();
  });
});
