import { launchBrowser, recordUntil, signUpOverApi, startHostProduct, uniqueEmail, watchPageErrors, type ApiProcess } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationContext, openFrontSidebar } from './front-harness.ts';
import { signInOnWindow } from './support.ts';

let product: ApiProcess;
/**
 * One browser plays it all: no prompt is ever accepted, and the microphone is granted to our
 * origin only. Front's page gets none, so the plugin's frame (whose microphone is Front's,
 * delegated) is refused, while our record window, top-level on our origin, records.
 */
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  const wav = await makeSpeechWav('This message was recorded in a separate window because Front gave the plugin no microphone.', {
    seconds: 8,
  });
  product = await startHostProduct();
  browser = await launchBrowser({ denyMicrophone: true, microphoneWav: wav, loop: true });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('when Front gives the plugin no microphone', () => {
  it('explains it, records in our window with the borrowed session, and the link still lands in the draft', async () => {
    const email = uniqueEmail('front');
    await signUpOverApi(product.url, email);
    const context = await browser.newContext({ viewport: { width: 340, height: 720 } });
    await context.grantPermissions(['microphone'], { origin: new URL(product.url).origin });
    const front = await openFrontSidebar(context, `${product.url}/hosts/front-app/sidebar.html`, {
      context: conversationContext({ subject: 'Site visit', draftId: 'dra_open', email }),
      microphone: false,
    });
    const { sidebar } = front;
    const errors = watchPageErrors(front.page);

    const signingIn = context.waitForEvent('page');
    await sidebar.getByRole('button', { name: 'Sign in' }).click();
    await signInOnWindow(await signingIn);
    await sidebar.getByText(`Signed in as ${email}`).waitFor();

    // The refusal is explained, with the way out.
    await sidebar.getByRole('button', { name: 'Start recording' }).click();
    await sidebar.getByRole('alert').filter({ hasText: 'Microphone access was blocked' }).waitFor();
    const opening = context.waitForEvent('page');
    await sidebar.getByRole('button', { name: 'Record in a new window' }).click();

    // Our record window, with no token in its address: it borrows the sidebar's session.
    const window: Page = await opening;
    const windowErrors = watchPageErrors(window);
    expect(window.url()).toBe(`${product.url}/record/front`);
    await window.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await window.getByLabel('Password').count()).toBe(0);
    await recordUntil(window, 3);
    // The conversation's subject came with the session.
    await expect.poll(() => window.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Site visit');
    await window.getByRole('button', { name: 'Add to draft' }).click();

    // The window hands the share back and closes; the sidebar inserts it as if recorded in place.
    await expect.poll(() => window.isClosed()).toBe(true);
    await sidebar.getByText('The link was added where you are writing.').waitFor();
    const url = await sidebar.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    expect(await front.calls()).toEqual([
      {
        name: 'updateDraft',
        contextId: 'context-1',
        args: [
          'dra_open',
          {
            updateMode: 'insert',
            content: { body: `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}">Site visit</a></p>`, type: 'html' },
          },
        ],
      },
    ]);
    const id = /\/listen\/([A-Za-z0-9]{12})$/.exec(url)?.[1];
    expect((await fetch(`${product.url}/api/view-vocal/${id}`)).status).toBe(200);

    // The sidebar's own refusal is the only error its console saw.
    expect(errors.filter((error) => !/NotAllowedError|Permission denied/i.test(error))).toEqual([]);
    expect(windowErrors).toEqual([]);
    await context.close();
  });
});
