import {
  axeViolations,
  recordUntil,
  signInWithPassword,
  signUpOverApi,
  startHostSuite,
  uniqueEmail,
  watchPageErrors,
  type HostSuite,
} from '@vocal/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTaskpane } from './office-harness.ts';
import { LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';

/**
 * Plays Outlook on the web: the browser has a (fake) microphone but grants it to nobody up
 * front, so the taskpane has none until Office's permission gives it one.
 */
let suite: HostSuite;

beforeAll(async () => {
  suite = await startHostSuite('Outlook allowed the microphone, so this message was recorded right in the task pane.', {
    denyMicrophone: true,
  });
});

afterAll(async () => {
  await suite?.stop();
});

/** Whether the page may open the microphone now: 'granted' or the error's name. */
const tryMicrophone = (page: Page) =>
  page.evaluate(() =>
    navigator.mediaDevices.getUserMedia({ audio: true }).then(
      (stream) => (stream.getTracks().forEach((track) => track.stop()), 'granted'),
      (error: Error) => error.name,
    ),
  );

describe('where Office guards the microphone (DevicePermission 1.1)', () => {
  it('asks Office for it, stays signed in across the reload the first grant causes, records in the taskpane and inserts the link', async () => {
    const email = uniqueEmail('outlook');
    await signUpOverApi(suite.product.url, email);
    const context = await suite.browser.newContext({ viewport: { width: 350, height: 700 } });
    const office = await openTaskpane(context, `${suite.product.url}/hosts/outlook/taskpane.html`, {
      subject: 'Allowed at last',
      email,
      devicePermission: true,
    });
    const { taskpane } = office;
    const errors = watchPageErrors(taskpane);

    await taskpane.getByRole('button', { name: 'Sign in' }).click();
    await signInWithPassword(await office.nextDialog());
    await taskpane.getByText(`Signed in as ${email}`).waitFor();

    // Signed in, the taskpane asks Office before offering to record: it has no microphone yet.
    await taskpane.getByRole('heading', { name: 'Allow the microphone' }).waitFor();
    expect(await tryMicrophone(taskpane)).toBe('NotAllowedError');
    expect(await axeViolations(taskpane)).toEqual([]);
    expect(office.permissionRequests).toEqual([]);

    // Allow: Office's first grant answers true, and the taskpane reloads, as Office requires.
    const reloaded = taskpane.waitForEvent('load');
    await taskpane.getByRole('button', { name: 'Allow the microphone' }).click();
    await reloaded;
    expect(office.permissionRequests).toEqual([['microphone']]);

    // Back from the reload: still signed in, not asked again, and the microphone works.
    await taskpane.getByText(`Signed in as ${email}`).waitFor();
    await taskpane.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await taskpane.getByRole('heading', { name: 'Allow the microphone' }).count()).toBe(0);
    expect(await taskpane.evaluate(() => window.sessionStorage.length)).toBe(0);

    await recordUntil(taskpane, 3);
    await taskpane.getByRole('button', { name: 'Add to email' }).click();
    await taskpane.getByText('The link was added where you are writing.').waitFor();
    const url = await taskpane.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    const [inserted] = await office.callsNamed('item.body.setSelectedDataAsync');
    expect(inserted!.args).toEqual({
      data: `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}" style="${LIGHT_LINK_STYLE}">Allowed at last</a></p>`,
      options: { coercionType: 'html' },
    });
    // Recorded in place: no record window was needed, and Office was asked once.
    expect(office.dialogs).toHaveLength(1);
    expect(office.permissionRequests).toEqual([['microphone']]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
