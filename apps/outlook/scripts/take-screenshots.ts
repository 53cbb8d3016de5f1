/**
 * Screenshots of the taskpane as a person sees it in Outlook: signed out, idle, recording,
 * shared, the microphone refused, and Office's microphone permission asked for; plus the
 * sign-in and record windows. Light and dark,
 * at a taskpane's 350x700. Driven for real (the API serving the build, a fake Office, a fake
 * microphone). Writes PNGs to apps/outlook/screenshots/ (ignored by git) to be looked at.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, repoRoot, signUpOverApi, startProduct, uniqueEmail } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { Page } from 'playwright-core';
import { openTaskpane } from '../e2e/office-harness.ts';
import { signInOnDialog } from '../e2e/support.ts';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const wav = await makeSpeechWav('Hello! This is a short voice message to show how the add-in looks.', { seconds: 8 });
const product = await startProduct({ env: { HOST_APPS_DIR: join(repoRoot, 'apps') } });
const browser = await launchBrowser({ microphoneWav: wav, loop: true });
const refusing = await launchBrowser({ denyMicrophone: true });
const taskpaneUrl = `${product.url}/hosts/outlook/taskpane.html`;
const viewport = { width: 350, height: 700 };

/** Waits for the fonts, so a screenshot shows the page as it settles, then takes it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: join(out, `${name}.png`) });
}

try {
  for (const colorScheme of ['light', 'dark'] as const) {
    const email = uniqueEmail('outlook');
    await signUpOverApi(product.url, email);
    const context = await browser.newContext({ viewport, colorScheme });
    const office = await openTaskpane(context, taskpaneUrl, { subject: 'Quarterly numbers', email });
    const { taskpane } = office;
    await taskpane.getByRole('button', { name: 'Sign in' }).waitFor();
    await shot(taskpane, `signed-out-${colorScheme}`);

    await taskpane.getByRole('button', { name: 'Sign in' }).click();
    const dialog = await office.nextDialog();
    await dialog.setViewportSize({ width: 480, height: 640 });
    await dialog.getByLabel('Password').waitFor();
    await shot(dialog, `dialog-sign-in-${colorScheme}`);
    await dialog.close();
    await taskpane.getByText('Sign-in was cancelled.').waitFor();
    await shot(taskpane, `sign-in-cancelled-${colorScheme}`);

    await taskpane.getByRole('button', { name: 'Sign in' }).click();
    await signInOnDialog(await office.nextDialog());
    await taskpane.getByRole('button', { name: 'Start recording' }).waitFor();
    await shot(taskpane, `idle-${colorScheme}`);

    await taskpane.getByRole('button', { name: 'Start recording' }).click();
    await taskpane.locator('.vk-record-flow__elapsed', { hasText: '0:02' }).waitFor();
    await shot(taskpane, `recording-${colorScheme}`);
    await taskpane.getByRole('button', { name: 'Stop recording' }).click();
    await taskpane.getByText('Listen before you send').waitFor();
    await shot(taskpane, `review-${colorScheme}`);
    await taskpane.getByRole('button', { name: 'Add to email' }).click();
    await taskpane.getByText('Your message is ready', { exact: true }).waitFor();
    await shot(taskpane, `shared-${colorScheme}`);
    await context.close();

    // The refused microphone, and the record window it offers.
    const refusedContext = await refusing.newContext({ viewport, colorScheme });
    const windowContext = await browser.newContext({ viewport: { width: 480, height: 640 }, colorScheme });
    const refused = await openTaskpane(refusedContext, taskpaneUrl, { subject: 'Quarterly numbers', email, dialogContext: windowContext });
    await refused.taskpane.getByRole('button', { name: 'Sign in' }).click();
    await signInOnDialog(await refused.nextDialog());
    await refused.taskpane.getByRole('button', { name: 'Start recording' }).click();
    await refused.taskpane.getByRole('button', { name: 'Record in a new window' }).waitFor();
    await shot(refused.taskpane, `microphone-refused-${colorScheme}`);
    await refused.taskpane.getByRole('button', { name: 'Record in a new window' }).click();
    const recordWindow = await refused.nextDialog();
    await recordWindow.getByRole('button', { name: 'Start recording' }).waitFor();
    await shot(recordWindow, `dialog-record-${colorScheme}`);
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
      await signInOnDialog(await guarded.nextDialog());
      await guarded.taskpane.getByRole('button', { name: 'Allow the microphone' }).waitFor();
      await shot(guarded.taskpane, `${name}-${colorScheme}`);
      await guardedContext.close();
    }
  }
  process.stdout.write(`Screenshots in ${out}\n`);
} finally {
  await browser.close();
  await refusing.close();
  await product.stop();
}
