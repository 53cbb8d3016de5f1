/**
 * Screenshots of the sidebar as a teammate sees it in Front: signed out, idle, recording,
 * review, shared, the microphone refused and the wait while recording in the browser; light and dark, at a sidebar's 340x720. Driven
 * for real (the API serving the build, the Front harness, a fake microphone). Writes PNGs to
 * apps/front-app/screenshots/ (ignored by git) to be looked at.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, repoRoot, signUpOverApi, startProduct, uniqueEmail } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { BrowserContext, Page } from 'playwright-core';
import { conversationContext, openFrontSidebar } from '../e2e/front-harness.ts';
import { signInInSidebar } from '../e2e/support.ts';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const wav = await makeSpeechWav('Hello! This is a short voice message to show how the plugin looks.', { seconds: 8 });
const product = await startProduct({ env: { HOST_APPS_DIR: join(repoRoot, 'apps') } });
const browser = await launchBrowser({ microphoneWav: wav, loop: true });
const refusing = await launchBrowser({ denyMicrophone: true });
const sidebarUrl = `${product.url}/hosts/front-app/sidebar.html`;
const viewport = { width: 340, height: 720 };

/** Waits for the fonts, so a screenshot shows the page as it settles, then takes it. */
async function shot(page: Page, name: string) {
  await page
    .frames()
    .at(-1)!
    .evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: join(out, `${name}.png`) });
}

async function signIn(context: BrowserContext, email: string, microphone = true) {
  const front = await openFrontSidebar(context, sidebarUrl, {
    context: conversationContext({ subject: 'Refund for order 1234', email }),
    frameSize: viewport,
    microphone,
  });
  await signInInSidebar(front.sidebar);
  await front.sidebar.getByRole('button', { name: 'Start recording' }).waitFor();
  return front;
}

try {
  for (const colorScheme of ['light', 'dark'] as const) {
    const email = uniqueEmail('front');
    await signUpOverApi(product.url, email);

    const signedOutContext = await browser.newContext({ viewport, colorScheme });
    const signedOut = await openFrontSidebar(signedOutContext, sidebarUrl, {
      context: conversationContext({ email }),
      frameSize: viewport,
    });
    await signedOut.sidebar.getByRole('button', { name: 'Continue' }).waitFor();
    await shot(signedOut.page, `signed-out-${colorScheme}`);
    await signedOutContext.close();

    const context = await browser.newContext({ viewport, colorScheme });
    const { page, sidebar } = await signIn(context, email);
    await shot(page, `idle-${colorScheme}`);
    await sidebar.getByRole('button', { name: 'Start recording' }).click();
    await sidebar.locator('.vk-record-flow__elapsed', { hasText: '0:02' }).waitFor();
    await shot(page, `recording-${colorScheme}`);
    await sidebar.getByRole('button', { name: 'Stop recording' }).click();
    await sidebar.getByText('Listen before you send').waitFor();
    await shot(page, `review-${colorScheme}`);
    await sidebar.getByRole('button', { name: 'Add to draft' }).click();
    await sidebar.getByText('The link was added where you are writing.').waitFor();
    await shot(page, `shared-${colorScheme}`);
    await context.close();

    const refusedContext = await refusing.newContext({ viewport, colorScheme });
    const refused = await signIn(refusedContext, email, false);
    await refused.sidebar.getByRole('button', { name: 'Start recording' }).click();
    await refused.sidebar.getByRole('button', { name: 'Record in a new window' }).waitFor();
    await shot(refused.page, `microphone-refused-${colorScheme}`);
    await refused.sidebar.getByRole('button', { name: 'Record in a new window' }).click();
    await refused.sidebar.getByRole('heading', { name: 'Recording in your browser' }).waitFor();
    await shot(refused.page, `recording-in-browser-${colorScheme}`);
    await refusedContext.close();
  }
  process.stdout.write(`Screenshots in ${out}\n`);
} finally {
  await browser.close();
  await refusing.close();
  await product.stop();
}
