/**
 * Screenshots of the sidebar as a teammate sees it in Front: signed out, idle, recording,
 * review, shared, the microphone refused and the wait while recording in the browser; light and dark, at a sidebar's 340x720. Driven
 * for real (the API serving the build, the Front harness, a fake microphone). Writes PNGs to
 * apps/front-app/screenshots/ (ignored by git) to be looked at.
 */
import { join } from 'node:path';
import {
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
import type { BrowserContext, Page } from 'playwright-core';
import { conversationContext, openFrontSidebar } from '../e2e/front-harness.ts';

const viewport = { width: 340, height: 720 };

async function signIn(context: BrowserContext, sidebarUrl: string, email: string, microphone = true) {
  const front = await openFrontSidebar(context, sidebarUrl, {
    context: conversationContext({ subject: 'Refund for order 1234', email }),
    frameSize: viewport,
    microphone,
  });
  await signInWithPassword(front.sidebar);
  await front.sidebar.getByRole('button', { name: 'Start recording' }).waitFor();
  return front;
}

await takeScreenshots({
  scriptDir: import.meta.dirname,
  async start() {
    const wav = await makeSpeechWav('Hello! This is a short voice message to show how the plugin looks.', { seconds: 8 });
    const product = await startProduct({ env: { HOST_APPS_DIR: join(repoRoot, 'apps') } });
    const browser = await launchBrowser({ microphoneWav: wav, loop: true });
    const refusing = await launchBrowser({ denyMicrophone: true });
    return {
      product,
      browser,
      refusing,
      sidebarUrl: `${product.url}/hosts/front-app/sidebar.html`,
      async stop() {
        await browser.close();
        await refusing.close();
        await product.stop();
      },
    };
  },
  async scenes({ product, browser, refusing, sidebarUrl }, colorScheme, pathOf) {
    /** Waits for the sidebar frame's fonts, so a screenshot shows the page as it settles, then takes it. */
    const shot = async (page: Page, name: string) => {
      await page
        .frames()
        .at(-1)!
        .evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({ path: pathOf(name) });
    };
    const email = uniqueEmail('front');
    await signUpOverApi(product.url, email);

    const signedOutContext = await browser.newContext({ viewport, colorScheme });
    const signedOut = await openFrontSidebar(signedOutContext, sidebarUrl, {
      context: conversationContext({ email }),
      frameSize: viewport,
    });
    await signedOut.sidebar.getByRole('button', { name: 'Continue' }).waitFor();
    await shot(signedOut.page, 'signed-out');
    await signedOutContext.close();

    const context = await browser.newContext({ viewport, colorScheme });
    const { page, sidebar } = await signIn(context, sidebarUrl, email);
    await shootRecordFlow(sidebar, (name) => shot(page, name), {
      sendLabel: 'Add to draft',
      sentText: 'The link was added where you are writing.',
      names: { sent: 'shared' },
    });
    await context.close();

    const refusedContext = await refusing.newContext({ viewport, colorScheme });
    const refused = await signIn(refusedContext, sidebarUrl, email, false);
    const recordElsewhere = await showMicrophoneRefused(refused.sidebar);
    await shot(refused.page, 'microphone-refused');
    await recordElsewhere.click();
    await refused.sidebar.getByRole('heading', { name: 'Recording in your browser' }).waitFor();
    await shot(refused.page, 'recording-in-browser');
    await refusedContext.close();
  },
});
