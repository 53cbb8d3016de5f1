/**
 * Screenshots of the add-on as a participant sees it in Meet: the side panel (signed out,
 * idle, review, shared, microphone refused) at Meet's 360×720, and the main stage at a laptop's
 * 1024×640 tile (framed by the harness) and a full 1600×900 stage; light and dark. Driven for
 * real (the API serving the harness build, the Meet harness, a fake microphone). Writes PNGs
 * to apps/google-meet/screenshots/ (ignored by git) to be looked at.
 */
import { launchBrowser, signInWithPassword, signUpOverApi, takeScreenshots, uniqueEmail } from '@vocal/e2e';
import type { BrowserContext, Frame, Locator } from 'playwright-core';
import { openMeeting, startMeetSuite } from '../e2e/meet-harness.ts';

const viewport = { width: 1440, height: 900 };

/** Waits for the fonts, so a screenshot shows the page as it settles, then takes it. */
async function shot(frame: Frame, element: Locator, path: string) {
  await frame.evaluate(() => document.fonts.ready.then(() => undefined));
  await element.screenshot({ path });
}

async function signIn(context: BrowserContext, sidePanelUrl: string, email: string, microphone = true) {
  const meeting = await openMeeting(context, sidePanelUrl, { microphone });
  await signInWithPassword(meeting.panel, email);
  await meeting.panel.getByRole('button', { name: 'Start recording' }).waitFor();
  return meeting;
}

await takeScreenshots({
  scriptDir: import.meta.dirname,
  start: async () => {
    const suite = await startMeetSuite('Hello! This is a short voice message to show how the add-on looks.');
    const refusing = await launchBrowser({ denyMicrophone: true });
    return {
      suite,
      refusing,
      async stop() {
        await refusing.close();
        await suite.stop();
      },
    };
  },
  async scenes({ suite, refusing }, colorScheme, pathOf) {
    const email = uniqueEmail('meet');
    await signUpOverApi(suite.product.url, email);

    const signedOutContext = await suite.browser.newContext({ viewport, colorScheme });
    const signedOut = await openMeeting(signedOutContext, suite.sidePanelUrl);
    await signedOut.panel.getByRole('button', { name: 'Continue' }).waitFor();
    await shot(signedOut.frame, signedOut.page.locator('#side-panel'), pathOf('panel-signed-out'));
    await signedOutContext.close();

    const context = await suite.browser.newContext({ viewport, colorScheme });
    const meeting = await signIn(context, suite.sidePanelUrl, email);
    const panelElement = meeting.page.locator('#side-panel');
    await shot(meeting.frame, panelElement, pathOf('panel-idle'));
    await meeting.panel.getByRole('button', { name: 'Start recording' }).click();
    await meeting.panel.locator('.vk-record-flow__elapsed', { hasText: '0:03' }).waitFor();
    await meeting.panel.getByRole('button', { name: 'Stop recording' }).click();
    await meeting.panel.getByText('Uploaded. Your link is ready.').waitFor();
    await meeting.panel.getByRole('textbox', { name: 'Title' }).fill('Sprint review: what changed this week');
    await shot(meeting.frame, panelElement, pathOf('panel-review'));
    await meeting.panel.getByRole('button', { name: 'Copy for chat' }).click();
    await meeting.panel.getByText('Copied. Paste it into the meeting chat, or play it for everyone.').waitFor();
    await meeting.panel.getByRole('button', { name: 'Play for everyone' }).click();
    await meeting.panel.getByText('It’s on the main stage for everyone in the call.').waitFor();
    await shot(meeting.frame, panelElement, pathOf('panel-shared'));
    const stage = await meeting.stageFrame();
    await stage.getByRole('heading', { level: 1 }).waitFor();
    await shot(stage, meeting.page.locator('#main-stage'), pathOf('stage-1024x640'));
    const stageUrl = stage.url();
    await context.close();

    const fullStage = await suite.browser.newContext({ viewport: { width: 1600, height: 900 }, colorScheme });
    const page = await fullStage.newPage();
    await page.goto(stageUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot(page.mainFrame(), page.locator('body'), pathOf('stage-1600x900'));
    await fullStage.close();

    const refusedContext = await refusing.newContext({ viewport, colorScheme });
    const refused = await signIn(refusedContext, suite.sidePanelUrl, email, false);
    await refused.panel.getByRole('button', { name: 'Start recording' }).click();
    await refused.panel.getByRole('button', { name: 'Record in a new window' }).waitFor();
    await shot(refused.frame, refused.page.locator('#side-panel'), pathOf('panel-microphone-refused'));
    await refusedContext.close();
  },
});
