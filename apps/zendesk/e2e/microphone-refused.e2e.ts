import { recordUntil, signUpOverApi, uniqueEmail, watchPageErrors } from '@vocal/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOnWindow } from './support.ts';
import { openTicket, startZendeskSuite } from './zendesk-harness.ts';

let suite: Awaited<ReturnType<typeof startZendeskSuite>>;

beforeAll(async () => {
  suite = await startZendeskSuite('This message was recorded in a separate window because the sidebar had no microphone.');
});

afterAll(async () => {
  await suite?.stop();
});

describe('when Zendesk’s frame gives the sidebar no microphone', () => {
  it('explains it, records in our window with the borrowed session, and appends the link to the reply', async () => {
    const email = uniqueEmail('zendesk');
    await signUpOverApi(suite.product.url, email);
    const context = await suite.browser.newContext({ viewport: { width: 900, height: 800 } });
    // The frame is not allowed the microphone (no allow="microphone"): the browser refuses it there, not in a window.
    const ticket = await openTicket(context, suite.harness, suite.sidebarUrl, {
      subject: 'Site visit',
      agentEmail: email,
      allowMicrophone: false,
    });
    const { sidebar } = ticket;
    const errors = watchPageErrors(ticket.page);

    const signingIn = context.waitForEvent('page');
    await sidebar.getByRole('button', { name: 'Sign in' }).click();
    await signInOnWindow(await signingIn);
    await sidebar.getByText(`Signed in as ${email}`).waitFor();

    // The refusal is explained, with the way out.
    await sidebar.getByRole('button', { name: 'Start recording' }).click();
    await sidebar.getByRole('alert').filter({ hasText: 'Microphone access was blocked' }).waitFor();
    const opening = context.waitForEvent('page');
    await sidebar.getByRole('button', { name: 'Record in a new window' }).click();

    // The window opens on the record page with no token in its address, and borrows the session.
    const window = await opening;
    const windowErrors = watchPageErrors(window);
    expect(window.url()).toBe(`${suite.product.url}/record/zendesk`);
    await window.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await window.getByLabel('Password').count()).toBe(0);
    await recordUntil(window, 3);
    await expect.poll(() => window.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Site visit');
    await window.getByRole('button', { name: 'Add to reply' }).click();

    // The window hands the share back and closes; the sidebar appends the link as if recorded in place.
    await expect.poll(() => window.isClosed()).toBe(true);
    await sidebar.getByText('Your message is ready', { exact: true }).waitFor();
    const url = await sidebar.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    expect(await ticket.invoked('ticket.comment.appendHtml')).toEqual([
      [`<p>Hey, check out my voice message!<br>🎙️ <a href="${url}">Site visit</a></p>`],
    ]);
    // Chromium logs the refusal this test provokes; nothing else may go wrong.
    expect(errors.filter((error) => !error.includes('Permissions policy violation: microphone is not allowed'))).toEqual([]);
    expect(windowErrors).toEqual([]);
    await context.close();
  });
});
