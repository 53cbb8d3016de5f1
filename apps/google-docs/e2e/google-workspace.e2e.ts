import {
  axeViolations,
  clockReaches,
  recordUntil,
  signInWithPassword,
  signUpOverApi,
  strangerPlays,
  uniqueEmail,
  watchPageErrors,
} from '@vocal/e2e';
import type { Frame, Page } from 'playwright-core';
import { LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appsScriptAgainst, openDocument, plain, startGoogleSuite } from './google-harness.ts';

let suite: Awaited<ReturnType<typeof startGoogleSuite>>;

beforeAll(async () => {
  suite = await startGoogleSuite('This voice message was recorded for a Google document and a Gmail draft.');
});

afterAll(async () => {
  await suite?.stop();
});

/** Signs in through our sign-in window, opened from the Docs page's Sign in. */
async function signInThroughWindow(recorder: Frame, email: string) {
  const opening = recorder.page().context().waitForEvent('page');
  await recorder.getByRole('button', { name: 'Sign in' }).click();
  const window = await opening;
  await signInWithPassword(window, email);
  await recorder.getByText(`Signed in as ${email}`).waitFor();
}

/** The review step's title, then the host's confirm button. */
async function titleAndSend(place: Page | Frame, title: string, send: string) {
  await place.getByRole('textbox', { name: 'Title' }).fill(title);
  await place.getByRole('button', { name: send }).click();
}

const LISTEN_LINK = /^http:\/\/localhost:\d+\/listen\/[A-Za-z0-9_-]+$/;

describe('the Google Docs add-on', () => {
  it('records in the sidebar, hands the link back through the code, and the script puts it at the cursor', async () => {
    const email = uniqueEmail('docs');
    await signUpOverApi(suite.product.url, email);
    const appsScript = appsScriptAgainst(suite.product.url);
    const context = await suite.browser.newContext({ viewport: { width: 1100, height: 800 } });
    const docs = await openDocument(context, suite.harness, appsScript);
    const errors = watchPageErrors(docs.page);

    // The sidebar frames our page with its code in the address, and never the secret.
    const [secretKey] = [...appsScript.userProperties.keys()];
    const { id, secret } = JSON.parse(appsScript.userProperties.get(secretKey!)!) as { id: string; secret: string };
    expect(docs.recorder.url()).toBe(`${suite.product.url}/record/google-workspace?handoff=${id}`);
    expect(docs.recorder.url()).not.toContain(secret);
    await docs.recorder.getByRole('heading', { name: 'Voice messages in your documents' }).waitFor();
    expect(await axeViolations(docs.recorder)).toEqual([]);

    await signInThroughWindow(docs.recorder, email);
    await recordUntil(docs.recorder, 3);
    expect(await axeViolations(docs.recorder)).toEqual([]);
    await titleAndSend(docs.recorder, 'Budget notes', 'Add to document');

    // Our page shares through the code and tells the sidebar, which claims at once and reports where the link went.
    await docs.sidebar.getByRole('status').filter({ hasText: 'Added “Budget notes” at the cursor.' }).waitFor();
    const link = appsScript.document.calls.find((call) => call[0] === 'Text.setLinkUrl')?.[1] as string;
    expect(link).toMatch(LISTEN_LINK);
    expect(appsScript.document.calls).toEqual([
      ['Ui.showSidebar', 'Vocal'],
      ['Position.insertInlineImage', expect.stringMatching(/^<blob image\/png \d+ bytes>$/)],
      ['InlineImage.setHeight', expect.any(Number)],
      ['InlineImage.setWidth', 320],
      ['Position.insertText', 'Budget notes'],
      ['Text.setLinkUrl', link],
    ]);
    const claims = docs.runs.filter((run) => run.name === 'claimVocalRecording');
    expect(claims.at(-1)?.args).toEqual([id, true]);
    // The code is spent: the server answers 404 to another claim, and the sidebar got a new one for the next message.
    expect(
      (
        await fetch(`${suite.product.url}/api/recording-handoff/${id}/claim`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ secret }),
        })
      ).status,
    ).toBe(404);
    await expect.poll(() => docs.runs.some((run) => run.name === 'newVocalHandoff')).toBe(true);
    await docs.showDocument();
    await docs.page.locator('#document a', { hasText: 'Budget notes' }).waitFor();
    expect(await axeViolations(docs.sidebar)).toEqual([]);
    expect(errors).toEqual([]);
    await strangerPlays(suite.browser, link);
    await context.close();
  });

  it('records in a window of ours when Google’s frame gives the sidebar no microphone, and the link still goes in', async () => {
    const email = uniqueEmail('docs-window');
    await signUpOverApi(suite.product.url, email);
    const appsScript = appsScriptAgainst(suite.product.url);
    const context = await suite.browser.newContext({ viewport: { width: 1100, height: 800 } });
    const docs = await openDocument(context, suite.harness, appsScript, { allowMicrophone: false });
    await signInThroughWindow(docs.recorder, email);

    await docs.recorder.getByRole('button', { name: 'Start recording' }).click();
    await docs.recorder.getByRole('alert').filter({ hasText: 'Microphone access was blocked' }).waitFor();
    const opening = context.waitForEvent('page');
    await docs.recorder.getByRole('button', { name: 'Record in a new window' }).click();
    const window = await opening;
    const windowErrors = watchPageErrors(window);
    expect(window.url()).toBe(`${suite.product.url}/record/google-workspace/window`);
    await window.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await window.getByLabel('Password').count()).toBe(0);
    await recordUntil(window, 3);
    await titleAndSend(window, 'From the window', 'Add to document');
    await expect.poll(() => window.isClosed()).toBe(true);

    await docs.sidebar.getByRole('status').filter({ hasText: 'Added “From the window” at the cursor.' }).waitFor();
    expect(appsScript.document.calls).toContainEqual(['Position.insertText', 'From the window']);
    expect(windowErrors).toEqual([]);
    await context.close();
  });

  it('explains a page opened without a code, or with one that expired', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 300, height: 700 } });
    const page = await context.newPage();
    await page.goto(`${suite.product.url}/record/google-workspace`);
    await page.getByRole('heading', { name: 'Open Vocal from Google Docs' }).waitFor();
    await page.goto(`${suite.product.url}/record/google-workspace?handoff=AbCdEfGhIjKlMnOpQrStUv`);
    await page.getByRole('heading', { name: 'This sidebar’s recording link has expired' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the Gmail add-on on a phone', () => {
  it('opens our page from the card, records, and the card inserts the link into the draft through the code', async () => {
    const email = uniqueEmail('gmail');
    await signUpOverApi(suite.product.url, email);
    const appsScript = appsScriptAgainst(suite.product.url);

    // "Record a voice message": the card opens our page in an overlay that reloads the card when closed.
    const opened = plain(appsScript.addOn.startGmailRecording()) as { ActionResponse: [[string, { OpenLink: [string, string][] }]] };
    const openLink = opened.ActionResponse[0][1].OpenLink;
    expect(openLink.slice(1)).toEqual([
      ['setOpenAs', 'OVERLAY'],
      ['setOnClose', 'RELOAD'],
    ]);
    const url = openLink[0]![1];
    expect(url).toMatch(new RegExp(`^${suite.product.url}/record/gmail/[A-Za-z0-9_-]{22,}$`));

    const phone = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    const errors = watchPageErrors(page);
    await page.goto(url);
    // Signed out in this browser: the sign-in page, then back to the recorder.
    await signInWithPassword(page, email);
    await page.getByRole('heading', { name: 'Record a voice message for your email' }).waitFor();
    expect(page.url()).toBe(url);
    expect(await axeViolations(page)).toEqual([]);

    // The overlay closed too early: the card waits.
    expect(JSON.stringify(plain(appsScript.addOn.onGmailCompose()))).toContain('Waiting for your voice message');

    // From the keyboard alone: Tab reaches Start recording, Enter starts it.
    for (let presses = 0; presses < 15; presses++) {
      await page.keyboard.press('Tab');
      if (await page.getByRole('button', { name: 'Start recording' }).evaluate((button) => button.matches(':focus'))) break;
    }
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    await clockReaches(page, 3);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByText('Listen before you send').waitFor();
    await titleAndSend(page, 'Invoice question', 'Add to email');
    await page.getByRole('button', { name: 'Back to Gmail' }).waitFor();
    // A thumb's target on a phone: at least 44 px.
    const box = await page.getByRole('button', { name: 'Back to Gmail' }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(await axeViolations(page)).toEqual([]);

    // The card reloads (OnClose.RELOAD), claims the message, and Insert puts it into the draft.
    expect(JSON.stringify(plain(appsScript.addOn.onGmailCompose()))).toContain('<b>Invoice question</b>');
    const inserted = plain(appsScript.addOn.insertGmailRecording()) as {
      UpdateDraftActionResponse: [[string, { UpdateDraftBodyAction: [string, ...unknown[]][] }]];
    };
    const [content, updateType] = inserted.UpdateDraftActionResponse[0][1].UpdateDraftBodyAction;
    const link = /href="([^"]+)"/.exec(String(content![1]))![1]!;
    expect(link).toMatch(LISTEN_LINK);
    // The server built the Share: the new account's signature theme (Light) colours the link.
    expect(content).toEqual([
      'addUpdateContent',
      `<p>Hey, check out my voice message!<br>🎙️ <a href="${link}" style="${LIGHT_LINK_STYLE}">Invoice question</a></p>`,
      'MUTABLE_HTML',
    ]);
    expect(updateType).toEqual(['setUpdateType', 'IN_PLACE_INSERT']);
    expect(appsScript.userProperties.size).toBe(0);

    expect(errors).toEqual([]);

    // The page's link is spent now: opened again, it says so (the API's 404 is the expected answer).
    await page.goto(url);
    await page.getByRole('heading', { name: 'This recording link has expired' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await strangerPlays(suite.browser, link);
    await phone.close();
  });
});
