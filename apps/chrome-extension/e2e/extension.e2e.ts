import {
  axeViolations,
  clockReaches,
  PASSWORD,
  recordUntil,
  strangerPlays,
  repliesListedFor,
  strangerRepliesByVoice,
  uniqueEmail,
  watchPageErrors,
  signUpOverApi,
} from '@vocal/e2e';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExtensionSuite, type ExtensionProfile, type ExtensionSuite } from './extension-suite.ts';

let suite: ExtensionSuite;
/** The profile with the microphone allowed: signed in by the first test, used by the next. */
let profile: ExtensionProfile;
let email: string;

beforeAll(async () => {
  suite = await startExtensionSuite('Hello, this is a voice message recorded in Gmail. Listen to it and reply.');
  profile = await suite.openProfile();
  email = uniqueEmail('chrome');
  await signUpOverApi(suite.product.url, email);
});

afterAll(async () => {
  await suite?.stop();
});

/** The recorder frame the content script opened in Gmail. */
async function composeFrame(gmail: Page): Promise<Frame> {
  await gmail.locator('iframe[title="Vocal voice message recorder"]').waitFor();
  await expect.poll(() => gmail.frames().some((frame) => frame.url().includes('/compose.html#'))).toBe(true);
  return gmail.frames().find((frame) => frame.url().includes('/compose.html#'))!;
}

/** The new message's body in the Gmail fixture. */
const newMessageBody = (gmail: Page) => gmail.locator('[data-test="new-message"] [g_editable="true"]');
/** The inline reply's body, under the fixture's open thread (data-legacy-thread-id 18b7c5d2e4f60a11). */
const replyBody = (gmail: Page) => gmail.locator('[data-test="inline-reply"] [g_editable="true"]');

describe('Vocal for Chrome', () => {
  it('is offered by the server as a zip pointed at this server, and loads in Chromium', async () => {
    const response = await fetch(`${suite.product.url}/hosts/chrome-extension/extension.zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const manifest = await profile.serviceWorker.evaluate(() => chrome.runtime.getManifest());
    const server = new URL(suite.product.url);
    expect(manifest.homepage_url).toBe(`${server.origin}/`);
    expect(manifest.host_permissions).toEqual(['https://mail.google.com/*', `${server.protocol}//${server.host}/*`]);
    expect(profile.extensionId).toMatch(/^[a-p]{32}$/);
  });

  it('in Gmail: signs in through the web app by a one-time code, records, and inserts the link at the cursor', async () => {
    const { context } = profile;
    const gmail = await profile.openGmail();
    const errors = watchPageErrors(gmail);
    // One button per compose window, beside Send.
    const buttons = gmail.getByRole('button', { name: 'Record a voice message' });
    await expect.poll(() => buttons.count()).toBe(2);
    // The cursor is in the new message, before its last line.
    await newMessageBody(gmail).getByText('À bientôt').click();
    await gmail.keyboard.press('Home');
    await buttons.nth(1).click();
    const frame = await composeFrame(gmail);
    await frame.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await axeViolations(frame)).toEqual([]);

    // Sign-in: a tab of our web app, which hands the extension a one-time code and closes.
    const [signIn] = await Promise.all([context.waitForEvent('page'), frame.getByRole('button', { name: 'Sign in' }).click()]);
    await signIn.waitForLoadState('domcontentloaded');
    const signInUrl = new URL(signIn.url());
    expect(signInUrl.pathname).toBe('/hosts-sign-in');
    expect(Object.fromEntries(signInUrl.searchParams)).toEqual({ host: 'chrome-extension', extension: profile.extensionId });
    await signIn.getByLabel('Email').fill(email);
    expect(await axeViolations(signIn)).toEqual([]);
    await signIn.getByLabel('Password').fill(PASSWORD);
    await Promise.all([signIn.waitForEvent('close'), signIn.getByRole('button', { name: 'Continue' }).click()]);
    // The session is the extension's own, in chrome.storage.session (never in a URL).
    const stored = await profile.serviceWorker.evaluate(() => chrome.storage.session.get('vocal.tokens'));
    expect(Object.keys((stored['vocal.tokens'] as object) ?? {}).sort()).toEqual(['access_token', 'refresh_token']);

    // The frame is signed in by itself. This browser answers the microphone as a person who
    // allowed it before (the fake UI); the grant tab is the refused test's.
    await frame.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await axeViolations(frame)).toEqual([]);
    await recordUntil(frame, 3);
    await expect.poll(() => frame.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Budget & plans <Q3>');
    await frame.getByRole('button', { name: 'Add to email' }).click();
    await frame.getByText('Your message is ready', { exact: true }).waitFor();
    const url = await frame.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    expect(url).toMatch(/\/listen\/[A-Za-z0-9]{12}$/);
    expect(await axeViolations(frame)).toEqual([]);
    // A new message is in no thread: no replies come back here.
    expect(await frame.getByRole('region', { name: /^Replies here/ }).count()).toBe(0);

    // The link went in at the cursor, with the signature message and the subject, escaped.
    const body = await newMessageBody(gmail).evaluate((element) => ({
      html: element.innerHTML,
      links: [...element.querySelectorAll('a')].map((link) => ({
        href: link.getAttribute('href'),
        text: link.textContent,
        colours: [getComputedStyle(link).backgroundColor, getComputedStyle(link).color],
      })),
    }));
    // The link is a button in the signature theme's accent (Light, a new account's), and the
    // editor's insertHTML kept its inline styles.
    expect(body.links).toEqual([{ href: url, text: 'Budget & plans <Q3>', colours: ['rgb(34, 113, 225)', 'rgb(255, 255, 255)'] }]);
    expect(body.html).toContain('Hey, check out my voice message!');
    expect(body.html.indexOf('Bonjour Alex,')).toBeLessThan(body.html.indexOf(url));
    expect(body.html.indexOf(url)).toBeLessThan(body.html.indexOf('À bientôt'));
    expect(body.html).not.toContain('<script');

    // Close hands the focus back to the button; the other compose window was left alone.
    await frame.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => gmail.locator('iframe[title="Vocal voice message recorder"]').count()).toBe(0);
    expect(await gmail.locator('[data-test="inline-reply"] [g_editable="true"] a').count()).toBe(0);

    await strangerPlays(suite.strangers, url);
    expect(errors).toEqual([]);
    await gmail.close();
  });

  it('fails soft when Gmail’s compose window is gone: the link is copied and the frame says so', async () => {
    const gmail = await profile.openGmail();
    await gmail.getByRole('button', { name: 'Record a voice message' }).first().click();
    const frame = await composeFrame(gmail);
    await recordUntil(frame, 2);
    // Gmail redraws or discards the reply while the person records: there is nothing to insert into.
    await gmail.locator('[data-test="inline-reply"]').evaluate((reply) => reply.remove());
    await frame.getByRole('button', { name: 'Add to email' }).click();
    await frame.getByText('Couldn’t insert; the link is copied.', { exact: false }).waitFor();
    const url = await frame.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    expect(await axeViolations(frame)).toEqual([]);
    // What the frame copied is on the system clipboard: read it back in the Gmail page.
    await profile.context.grantPermissions(['clipboard-read'], { origin: 'https://mail.google.com' });
    await gmail.bringToFront();
    await gmail.mouse.click(8, 8);
    expect(await gmail.evaluate(() => navigator.clipboard.readText())).toBe(`Hey, check out my voice message!\n${url}`);
    // A grant for an origin refuses it every other permission: the microphone of the frames
    // Gmail holds (they ask as mail.google.com) would be blocked for the tests after this one.
    await profile.context.clearPermissions();
    await gmail.close();
  });

  it('from the toolbar popup: records and puts the link into the email being written in the Gmail tab in front', async () => {
    const gmail = await profile.openGmail();
    await newMessageBody(gmail).getByText('Bonjour Alex,').click();
    await gmail.keyboard.press('End');
    // Chrome opens the popup over the window in front; a test opens the same page in a window of its own.
    const [popup] = await Promise.all([
      profile.context.waitForEvent('page'),
      profile.serviceWorker.evaluate(
        (url) => chrome.windows.create({ url, type: 'popup', width: 380, height: 600, focused: false }),
        `chrome-extension://${profile.extensionId}/popup.html`,
      ),
    ]);
    const errors = watchPageErrors(popup);
    await popup.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await axeViolations(popup)).toEqual([]);
    await recordUntil(popup, 3);
    await expect.poll(() => popup.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Budget & plans <Q3>');
    await popup.getByRole('button', { name: 'Get link' }).click();
    await popup.getByText('Your message is ready', { exact: true }).waitFor();
    await popup.getByText('The link went into the email you are writing in Gmail.').waitFor();
    const url = await popup.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    // Copy and open, as the popup offers them.
    await expect(popup.getByRole('button', { name: /Copy/ }).first().isVisible()).resolves.toBe(true);
    expect(await axeViolations(popup)).toEqual([]);
    const links = await newMessageBody(gmail).evaluate((element) =>
      [...element.querySelectorAll('a')].map((link) => link.getAttribute('href')),
    );
    expect(links).toEqual([url]);
    expect(errors).toEqual([]);
    await popup.close();
    await gmail.close();
  });

  it('a recording survives the popup closing: the next popup offers it, and sends it', async () => {
    const popup = await profile.openExtensionPage('popup.html', { width: 380, height: 600 });
    await popup.getByRole('button', { name: 'Start recording' }).click();
    await clockReaches(popup, 2);
    // The person clicks elsewhere: Chrome closes the popup while it records.
    await popup.close();

    const again = await profile.openExtensionPage('popup.html', { width: 380, height: 600 });
    const errors = watchPageErrors(again);
    await again.getByRole('heading', { name: 'A message was not sent yet' }).waitFor();
    expect(await again.getByText('the recording was cut short', { exact: false }).count()).toBe(1);
    expect(await axeViolations(again)).toEqual([]);
    await again.getByRole('button', { name: 'Send it now' }).click();
    const link = again.getByRole('textbox', { name: 'Link to your message' });
    await link.waitFor();
    expect(await link.inputValue()).toMatch(/\/listen\/[A-Za-z0-9]{12}$/);
    expect(errors).toEqual([]);
    await again.close();
  });

  it('without the microphone: the popup sends the person to the grant tab; refused there, both say how to allow it', async () => {
    const refused = await suite.openProfile({ microphone: 'deny' });
    const response = await fetch(`${suite.product.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('chrome-refused'), password: PASSWORD }),
    });
    const tokens: unknown = await response.json();
    await refused.serviceWorker.evaluate((value) => chrome.storage.session.set({ 'vocal.tokens': value }), tokens);

    // The popup cannot ask: it sends the person to the extension's tab, where Chrome can.
    const popup = await refused.openExtensionPage('popup.html', { width: 380, height: 600 });
    await popup.getByRole('heading', { name: 'Allow the microphone once' }).waitFor();
    expect(await axeViolations(popup)).toEqual([]);
    const [grant] = await Promise.all([
      refused.context.waitForEvent('page'),
      popup.getByRole('button', { name: 'Allow microphone' }).click(),
    ]);
    await grant.getByRole('heading', { name: 'Allow Vocal to use your microphone' }).waitFor();
    expect(await axeViolations(grant)).toEqual([]);
    await grant.getByRole('button', { name: 'Allow microphone' }).click();
    await grant.getByText('Chrome refused the microphone for Vocal.').waitFor();
    await grant.getByRole('list', { name: 'How to allow the microphone' }).waitFor();
    expect(await axeViolations(grant)).toEqual([]);

    // The popup heard the refusal and says so, with the way back to the tab.
    await popup.getByRole('heading', { name: 'The microphone is blocked' }).waitFor();
    expect(await popup.getByRole('button', { name: 'Start recording' }).count()).toBe(0);
    expect(await axeViolations(popup)).toEqual([]);
  });

  it('in a reply: a voice reply to a message recorded in this Gmail thread comes back to it only, and Add to email puts it into the reply', async () => {
    // An account of its own, signed in as the handoff leaves it: its session in chrome.storage.session.
    const response = await fetch(`${suite.product.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('chrome-replies'), password: PASSWORD }),
    });
    const tokens = (await response.json()) as { access_token: string; refresh_token: string };
    await profile.serviceWorker.evaluate((value) => chrome.storage.session.set({ 'vocal.tokens': value }), tokens);

    // Recorded from the inline reply under thread 18b7c5d2e4f60a11: nothing has come back yet.
    const gmail = await profile.openGmail();
    const errors = watchPageErrors(gmail);
    const buttons = gmail.getByRole('button', { name: 'Record a voice message' });
    await expect.poll(() => buttons.count()).toBe(2);
    await replyBody(gmail).click();
    await buttons.first().click();
    const frame = await composeFrame(gmail);
    await recordUntil(frame, 3);
    await expect.poll(() => frame.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Re: Budget du trimestre');
    await frame.getByRole('button', { name: 'Add to email' }).click();
    await frame.getByText('Your message is ready', { exact: true }).waitFor();
    const url = await frame.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    const replies = frame.getByRole('region', { name: /^Replies here/ });
    await replies.getByText('When someone answers a message you recorded here, their reply shows up here.').waitFor();

    // The person who got the email answers by voice on the listen page; the sender comes back to the frame.
    await strangerRepliesByVoice(suite.strangers, url, 'Ana Lima');
    await frame.evaluate(() => window.dispatchEvent(new Event('focus')));
    await replies.getByRole('heading', { name: 'Replies here 1 new reply' }).waitFor();
    const card = replies.getByRole('listitem');
    await card.getByText('Ana Lima', { exact: true }).waitFor();
    await card.getByRole('group', { name: 'Voice message: Voice reply from Ana Lima' }).waitFor();
    expect(await axeViolations(frame)).toEqual([]);

    // Only this thread lists it: the server answers another thread with nothing.
    const listFor = (conversation: string) => repliesListedFor(suite.product.url, tokens.access_token, conversation);
    const [reply] = await listFor('gmail:18b7c5d2e4f60a11');
    expect(reply?.senderName).toBe('Ana Lima');
    expect(await listFor('gmail:18a0000000000001')).toEqual([]);

    // Add to email: the reply goes into the email being written, beside the message's own link.
    await card.getByRole('button', { name: 'Add to email' }).click();
    await card.getByText('The reply is in the email you are writing, at your cursor: nothing is sent until you send it.').waitFor();
    const replyUrl = url.replace(/\/listen\/[^/]+$/, `/listen/${reply!.id}`);
    const links = await replyBody(gmail).evaluate((element) =>
      [...element.querySelectorAll('a')].map((link) => ({ href: link.getAttribute('href'), text: link.textContent })),
    );
    expect(links).toContainEqual({ href: replyUrl, text: 'Voice reply from Ana Lima' });
    expect(links.map((link) => link.href)).toContain(url);
    expect(await newMessageBody(gmail).locator('a').count()).toBe(0);
    // Putting it in counts as heard.
    await replies.getByRole('heading', { name: 'Replies here', exact: true }).waitFor();

    expect(errors).toEqual([]);
    await gmail.close();
  });
});
