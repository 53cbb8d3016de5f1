import {
  axeViolations,
  makePro,
  recordUntil,
  savePersonalisation,
  signInWithPassword,
  signUpOverApi,
  startHostSuite,
  strangerPlays,
  repliesListedFor,
  strangerRepliesByVoice,
  uniqueEmail,
  watchPageErrors,
  type HostSuite,
} from '@vocal/e2e';
import { decodeMp3 } from '@vocal/test-fixtures';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTaskpane, type OfficeHarnessOptions } from './office-harness.ts';
import { LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';

let suite: HostSuite;
const taskpaneSize = { width: 350, height: 700 };

beforeAll(async () => {
  suite = await startHostSuite('Hello, this is a voice message recorded in Outlook. Listen to it and reply.');
});

afterAll(async () => {
  await suite?.stop();
});

/** Signs in through the Office dialog, as the Sign in button offers, prefilled with Outlook's address. */
async function signInFromTaskpane(office: Awaited<ReturnType<typeof openTaskpane>>, email: string) {
  await office.taskpane.getByRole('button', { name: 'Sign in' }).click();
  const dialog = await office.nextDialog();
  await expect.poll(() => dialog.getByLabel('Email').inputValue()).toBe(email);
  await signInWithPassword(dialog);
  await office.taskpane.getByText(`Signed in as ${email}`).waitFor();
}

/** Two threads of the same mailbox, as Outlook names them (EWS ids). */
const THREAD = 'AAQkADAwATM0MDAAMS1hYjU1LTk2ZDEtMDACLTAwCgAQAGVg3y+JvNFGpG/ea1Jtwzg=';
const OTHER_THREAD = 'AAQkADAwATM0MDAAMS1hYjU1LTk2ZDEtMDACLTAwCgAQAKq2b9nW1kpMn0/Gx+T4c7E=';

describe('the Outlook taskpane', () => {
  it('serves the manifest with our public URL filled in', async () => {
    const response = await fetch(`${suite.product.url}/hosts/outlook/manifest.json`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('%PUBLIC_URL%');
    const manifest = JSON.parse(text) as { extensions: { runtimes: { code: { page: string } }[] }[] };
    const page = manifest.extensions[0]!.runtimes[0]!.code.page;
    expect(page).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/hosts\/outlook\/taskpane\.html$/);
    expect((await fetch(page.replace('localhost', '127.0.0.1'))).status).toBe(200);
  });

  it('signs in through the Office dialog, records, and inserts the escaped link and the MP3 into the draft', async () => {
    const email = uniqueEmail('outlook');
    const token = await signUpOverApi(suite.product.url, email);
    await savePersonalisation(suite.product.url, token, {
      attachment: { enabled: true },
      signature: { enabled: true, message: 'Listen to this & reply <soon>' },
    });

    const context = await suite.browser.newContext({ viewport: taskpaneSize });
    const office = await openTaskpane(context, `${suite.product.url}/hosts/outlook/taskpane.html`, {
      subject: 'Budget & plans <Q3>',
      email,
    });
    const { taskpane } = office;
    const errors = watchPageErrors(taskpane);

    // Signed out: Sign in opens our page in an Office dialog, prefilled with Outlook's address.
    await taskpane.getByRole('button', { name: 'Sign in' }).click();
    const dialog = await office.nextDialog();
    const [opened] = await office.callsNamed('ui.displayDialogAsync');
    expect(opened!.args.startAddress).toBe(
      `${suite.product.url}/hosts/outlook/dialog.html?mode=sign-in&email=${encodeURIComponent(email)}`,
    );
    await expect.poll(() => dialog.getByLabel('Email').inputValue()).toBe(email);
    await signInWithPassword(dialog);

    // The dialog hands the tokens back and the taskpane closes it.
    await taskpane.getByText(`Signed in as ${email}`).waitFor();
    await expect.poll(() => dialog.isClosed()).toBe(true);
    expect((await office.callsNamed('dialog.close')).length).toBe(1);

    const recorded = await recordUntil(taskpane, 4);
    // Nothing goes into the email until the person has reviewed the take and confirmed it.
    await taskpane.getByText('Listen before you send').waitFor();
    await expect.poll(() => taskpane.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Budget & plans <Q3>');
    expect(await office.callsNamed('item.body.setSelectedDataAsync')).toEqual([]);
    await taskpane.getByRole('button', { name: 'Add to email' }).click();
    await taskpane.getByText('Your message is ready', { exact: true }).waitFor();
    await taskpane.getByText('The link was added where you are writing.').waitFor();
    const url = await taskpane.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    const id = /\/listen\/([A-Za-z0-9]{12})$/.exec(url)?.[1];
    expect(id).toBeDefined();

    // Exactly this HTML went in at the cursor: the signature message and the subject as the link, escaped.
    const inserted = await office.callsNamed('item.body.setSelectedDataAsync');
    expect(inserted).toEqual([
      {
        name: 'item.body.setSelectedDataAsync',
        args: {
          data: `<p>Listen to this &#38; reply &#60;soon&#62;<br>🎙️ <a href="${url}" style="${LIGHT_LINK_STYLE}">Budget &#38; plans &#60;Q3&#62;</a></p>`,
          options: { coercionType: 'html' },
        },
      },
    ]);

    // The attachment setting is on: the MP3 went in too, under the setting's name.
    await expect.poll(async () => (await office.callsNamed('item.addFileAttachmentFromBase64Async')).length).toBe(1);
    const [attachment] = await office.callsNamed('item.addFileAttachmentFromBase64Async');
    expect(attachment!.args.attachmentName).toBe('Voice memo.mp3');
    const attached = await decodeMp3(new Uint8Array(Buffer.from(String(attachment!.args.base64File), 'base64')));
    // The clock showed 0:04 before Stop: at least that much audio, and never more than the wall
    // time it recorded for. (Against wall time alone this was a timing check: on a loaded machine
    // Chromium's capture falls behind the clock on the wall.)
    expect(attached.durationSeconds).toBeGreaterThan(3.5);
    expect(attached.durationSeconds).toBeLessThan(recorded + 0.5);
    expect(attached.rms).toBeGreaterThan(0.01);

    // The link plays: the listen payload answers, and a stranger's browser plays it.
    const listen = await fetch(`${suite.product.url}/api/view-vocal/${id}`);
    expect(listen.status).toBe(200);
    const payload = (await listen.json()) as { audio: { subject: string | null; audioUrl: string } };
    expect(payload.audio.subject).toBe('Budget & plans <Q3>');
    await strangerPlays(suite.browser, url);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws the link in the signature theme picked on the settings page: the preview before saving, then the inserted HTML', async () => {
    const email = uniqueEmail('outlook-theme');
    await signUpOverApi(suite.product.url, email);
    await makePro(suite.product.dataDir, email);

    // The web app's signature settings: the preview's link follows the theme picker at once.
    const web = await suite.browser.newContext();
    const settings = await web.newPage();
    const settingsErrors = watchPageErrors(settings);
    await settings.goto(`${suite.product.url}/login`);
    await signInWithPassword(settings, email);
    await settings.waitForURL((url) => !url.pathname.startsWith('/login'));
    await settings.goto(`${suite.product.url}/settings/signature`);
    const previewLink = settings.getByTestId('signature-preview').getByRole('link', { name: 'Listen to my voice message' });
    const colours = () => previewLink.evaluate((link) => [getComputedStyle(link).backgroundColor, getComputedStyle(link).color]);
    await expect.poll(colours).toEqual(['rgb(34, 113, 225)', 'rgb(255, 255, 255)']);
    // The option as a person picks it: its swatch and name are the radio's label.
    await settings.locator('label', { hasText: 'Exotic Black' }).click();
    expect(await settings.getByRole('radio', { name: 'Exotic Black' }).isChecked()).toBe(true);
    await expect.poll(colours).toEqual(['rgb(128, 104, 172)', 'rgb(255, 255, 255)']);
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await settings.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    // The page draws the styles itself: its Content-Security-Policy refused none, so nothing was logged.
    expect(settingsErrors).toEqual([]);
    await web.close();

    // Outlook inserts the link in that theme's accent: its purple, darkened until white text reads on it.
    const context = await suite.browser.newContext({ viewport: taskpaneSize });
    const office = await openTaskpane(context, `${suite.product.url}/hosts/outlook/taskpane.html`, { subject: 'Theme check', email });
    const { taskpane } = office;
    const errors = watchPageErrors(taskpane);
    await taskpane.getByRole('button', { name: 'Sign in' }).click();
    const dialog = await office.nextDialog();
    await expect.poll(() => dialog.getByLabel('Email').inputValue()).toBe(email);
    await signInWithPassword(dialog);
    await taskpane.getByText(`Signed in as ${email}`).waitFor();
    await recordUntil(taskpane, 2);
    await taskpane.getByRole('button', { name: 'Add to email' }).click();
    await taskpane.getByText('The link was added where you are writing.').waitFor();
    const url = await taskpane.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    expect(await office.callsNamed('item.body.setSelectedDataAsync')).toEqual([
      {
        name: 'item.body.setSelectedDataAsync',
        args: {
          data:
            `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}" ` +
            'style="display:inline-block;padding:6px 14px;border-radius:16px;background-color:#8068AC;color:#FFFFFF;font-weight:600;text-decoration:none">' +
            'Theme check</a></p>',
          options: { coercionType: 'html' },
        },
      },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says calmly that sign-in was cancelled when the person closes the window', async () => {
    const context = await suite.browser.newContext({ viewport: taskpaneSize });
    const office = await openTaskpane(context, `${suite.product.url}/hosts/outlook/taskpane.html`, { email: uniqueEmail('outlook') });
    const { taskpane } = office;
    await taskpane.getByRole('button', { name: 'Sign in' }).click();
    const dialog = await office.nextDialog();
    await dialog.getByLabel('Password').waitFor();
    await dialog.close();
    await taskpane.getByRole('status').filter({ hasText: 'Sign-in was cancelled.' }).waitFor();

    // Cancel inside the window does the same, and Sign in works again afterwards.
    await taskpane.getByRole('button', { name: 'Sign in' }).click();
    const again = await office.nextDialog();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => again.isClosed()).toBe(true);
    await taskpane.getByText('Sign-in was cancelled.').waitFor();
    expect((await office.callsNamed('ui.displayDialogAsync')).length).toBe(2);
    await context.close();
  });

  it('shows a voice reply to a message recorded in this thread in its taskpane only, and adds it to the email being written', async () => {
    const email = uniqueEmail('outlook-replies');
    const token = await signUpOverApi(suite.product.url, email);
    const context = await suite.browser.newContext({ viewport: taskpaneSize });
    const options: OfficeHarnessOptions = { subject: 'RE: Quarterly numbers', email, conversationId: THREAD };
    const office = await openTaskpane(context, `${suite.product.url}/hosts/outlook/taskpane.html`, options);
    const taskpane: Page = office.taskpane;
    const errors = watchPageErrors(taskpane);
    await signInFromTaskpane(office, email);

    // Recorded in a reply of this thread: nothing has come back yet.
    await recordUntil(taskpane, 3);
    await taskpane.getByRole('button', { name: 'Add to email' }).click();
    await taskpane.getByText('Your message is ready', { exact: true }).waitFor();
    const url = await taskpane.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    const replies = taskpane.getByRole('region', { name: /^Replies here/ });
    await replies.getByText('When someone answers a message you recorded here, their reply shows up here.').waitFor();

    // The recipient answers by voice on the listen page; the person comes back to the taskpane.
    await strangerRepliesByVoice(suite.browser, url, 'Ana Lima');
    await taskpane.evaluate(() => window.dispatchEvent(new Event('focus')));
    await replies.getByRole('heading', { name: 'Replies here 1 new reply' }).waitFor();
    const card = replies.getByRole('listitem');
    await card.getByText('Ana Lima', { exact: true }).waitFor();
    await card.getByRole('group', { name: 'Voice message: Voice reply from Ana Lima' }).waitFor();
    // Outlook's own notification on the item said so too: one informational message, replaced rather than added.
    await expect
      .poll(() => office.notifications())
      .toEqual([
        {
          key: 'vocal-replies',
          type: 'informationalMessage',
          message: 'Vocal: 1 new reply to your voice messages here.',
          icon: 'icon-16',
          persistent: false,
        },
      ]);
    expect(await axeViolations(taskpane)).toEqual([]);

    // Only this thread's taskpane lists it: the server answers another thread with nothing.
    const listFor = (conversation: string) => repliesListedFor(suite.product.url, token, conversation);
    const [reply] = await listFor(`outlook:${THREAD}`);
    expect(reply?.senderName).toBe('Ana Lima');
    expect(await listFor(`outlook:${OTHER_THREAD}`)).toEqual([]);

    // Added to the email: after the message's link, at the cursor, who replied as a link to hear it.
    const before = await office.draftHtml();
    await card.getByRole('button', { name: 'Add to email' }).click();
    await card.getByText('The reply was added to the email you are writing.').waitFor();
    const replyUrl = url.replace(/\/listen\/[^/]+$/, `/listen/${reply!.id}`);
    const inserted = (await office.callsNamed('item.body.setSelectedDataAsync')).at(-1)!;
    expect(inserted.args.options).toEqual({ coercionType: 'html' });
    expect(String(inserted.args.data)).toMatch(
      new RegExp(
        `^<p>🎙️ <a href="${replyUrl.replace(/[.?]/g, '\\$&')}">Voice reply from Ana Lima</a></p>(<blockquote>[^<]+</blockquote>)?$`,
      ),
    );
    expect(await office.draftHtml()).toBe(before + String(inserted.args.data));
    // Added counts as heard: the badge goes.
    await replies.getByRole('heading', { name: 'Replies here', exact: true }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
