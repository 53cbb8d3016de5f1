/**
 * Screenshots of the taskpane as a person sees it in Outlook: signed out, idle, recording,
 * shared, the microphone refused, and Office's microphone permission asked for; plus the
 * sign-in and record windows. Light and dark,
 * at a taskpane's 350x700. Driven for real (the API serving the build, a fake Office, a fake
 * microphone). Writes PNGs to apps/outlook/screenshots/ (ignored by git) to be looked at.
 */
import { join } from 'node:path';
import {
  fontsSettled,
  launchBrowser,
  repoRoot,
  shootRecordFlow,
  showMicrophoneRefused,
  signInWithPassword,
  signUpOverApi,
  startProduct,
  takeScreenshots,
  uniqueEmail,
} from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { Page } from 'playwright-core';
import { openTaskpane } from '../e2e/office-harness.ts';

const viewport = { width: 350, height: 700 };

await takeScreenshots({
  scriptDir: import.meta.dirname,
  async start() {
    const wav = await makeSpeechWav('Hello! This is a short voice message to show how the add-in looks.', { seconds: 8 });
    const product = await startProduct({ env: { HOST_APPS_DIR: join(repoRoot, 'apps') } });
    const browser = await launchBrowser({ microphoneWav: wav, loop: true });
    const refusing = await launchBrowser({ denyMicrophone: true });
    return {
      product,
      browser,
      refusing,
      taskpaneUrl: `${product.url}/hosts/outlook/taskpane.html`,
      async stop() {
        await browser.close();
        await refusing.close();
        await product.stop();
      },
    };
  },
  async scenes({ product, browser, refusing, taskpaneUrl }, colorScheme, pathOf) {
    const shot = async (page: Page, name: string) => {
      await fontsSettled(page);
      await page.screenshot({ path: pathOf(name) });
    };
    const email = uniqueEmail('outlook');
    await signUpOverApi(product.url, email);
    const context = await browser.newContext({ viewport, colorScheme });
    const office = await openTaskpane(context, taskpaneUrl, { subject: 'Quarterly numbers', email });
    const { taskpane } = office;
    await taskpane.getByRole('button', { name: 'Sign in' }).waitFor();
    await shot(taskpane, 'signed-out');

    await taskpane.getByRole('button', { name: 'Sign in' }).click();
    const dialog = await office.nextDialog();
    await dialog.setViewportSize({ width: 480, height: 640 });
    await dialog.getByLabel('Password').waitFor();
    await shot(dialog, 'dialog-sign-in');
    await dialog.close();
    await taskpane.getByText('Sign-in was cancelled.').waitFor();
    await shot(taskpane, 'sign-in-cancelled');

    await taskpane.getByRole('button', { name: 'Sign in' }).click();
    await signInWithPassword(await office.nextDialog());
    await shootRecordFlow(taskpane, (name) => shot(taskpane, name), {
      sendLabel: 'Add to email',
      sentText: 'Your message is ready',
      names: { sent: 'shared' },
    });
    await context.close();

    // The refused microphone, and the record window it offers.
    const refusedContext = await refusing.newContext({ viewport, colorScheme });
    const windowContext = await browser.newContext({ viewport: { width: 480, height: 640 }, colorScheme });
    const refused = await openTaskpane(refusedContext, taskpaneUrl, { subject: 'Quarterly numbers', email, dialogContext: windowContext });
    await refused.taskpane.getByRole('button', { name: 'Sign in' }).click();
    await signInWithPassword(await refused.nextDialog());
    const recordElsewhere = await showMicrophoneRefused(refused.taskpane);
    await shot(refused.taskpane, 'microphone-refused');
    await recordElsewhere.click();
    const recordWindow = await refused.nextDialog();
    await recordWindow.getByRole('button', { name: 'Start recording' }).waitFor();
    await shot(recordWindow, 'dialog-record');
    await refusedContext.close();
    await windowContext.close();

    // Where Office guards the microphone (DevicePermission 1.1): the step that asks Office for it,
    // in a taskpane and at a phone's width.
    for (const [name, size] of [
      ['microphone-permission', viewport],
      ['microphone-permission-phone', { width: 390, height: 844 }],
    ] as const) {
      const guardedContext = await refusing.newContext({ viewport: size, colorScheme });
      const guarded = await openTaskpane(guardedContext, taskpaneUrl, { subject: 'Quarterly numbers', email, devicePermission: true });
      await guarded.taskpane.getByRole('button', { name: 'Sign in' }).click();
      await signInWithPassword(await guarded.nextDialog());
      await guarded.taskpane.getByRole('button', { name: 'Allow the microphone' }).waitFor();
      await shot(guarded.taskpane, name);
      await guardedContext.close();
    }
  },
});
