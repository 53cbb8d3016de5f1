/**
 * Screenshots of the ticket sidebar as an agent sees it in Zendesk's apps panel (320 px wide,
 * 600 px shown): signed out, sign-in cancelled, idle, recording, review, added to the reply,
 * and the microphone refused. Light and dark. Driven for real: the API serving the build,
 * the Zendesk harness, a fake microphone. Writes PNGs to apps/zendesk/screenshots/ (ignored
 * by git) to be looked at.
 */
import { shootRecordFlow, showMicrophoneRefused, signInWithPassword, signUpOverApi, takeScreenshots, uniqueEmail } from '@vocal/e2e';
import type { BrowserContext, Page } from 'playwright-core';
import { openTicket, startZendeskSuite, type TicketOptions, type ZendeskHarness } from '../e2e/zendesk-harness.ts';

const sidebarSize = { width: 320, height: 600 };

/**
 * The apps panel: the sidebar's 320x600 at the page's top left, once the page is in front
 * (a cross-origin frame in a page behind a window paints late), its fonts have settled and
 * Zendesk has fitted the frame to its content (ZAF's resize arrives a moment after a change).
 */
async function shot(page: Page, path: string) {
  await page.bringToFront();
  const frame = page.locator('iframe');
  const sidebar = (await (await frame.elementHandle())?.contentFrame())!;
  await sidebar.evaluate(async () => {
    await document.fonts.ready;
    // Garden's buttons fade between states: shoot them settled.
    const finite = document.getAnimations().filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  for (let attempt = 0; attempt < 50; attempt++) {
    const wanted = await sidebar.evaluate(() =>
      Math.ceil(document.querySelector('.zendesk-look > div')?.getBoundingClientRect().height ?? 0),
    );
    const actual = await frame.evaluate((element) => element.getBoundingClientRect().height);
    if (Math.abs(wanted - actual) <= 1) break;
    await page.waitForTimeout(100);
  }
  await page.screenshot({ path, clip: { x: 0, y: 0, ...sidebarSize } });
}

async function signedInTicket(context: BrowserContext, harness: ZendeskHarness, sidebarUrl: string, email: string, options: TicketOptions) {
  const ticket = await openTicket(context, harness, sidebarUrl, { agentEmail: email, ...options });
  const signingIn = context.waitForEvent('page');
  await ticket.sidebar.getByRole('button', { name: 'Sign in' }).click();
  await signInWithPassword(await signingIn);
  await ticket.sidebar.getByRole('button', { name: 'Start recording' }).waitFor();
  return ticket;
}

await takeScreenshots({
  scriptDir: import.meta.dirname,
  start: () => startZendeskSuite('Hello! This is a short voice message to show how the sidebar looks.'),
  async scenes({ harness, browser, product, sidebarUrl }, colorScheme, pathOf) {
    const email = uniqueEmail('zendesk');
    await signUpOverApi(product.url, email);
    const ticketOptions = { subject: 'Printer on fire', requester: 'Mikkel Svane', colorScheme };
    const context = await browser.newContext({ viewport: { width: 900, height: 700 }, colorScheme });
    const signedOut = await openTicket(context, harness, sidebarUrl, { agentEmail: email, ...ticketOptions });
    await signedOut.sidebar.getByRole('button', { name: 'Sign in' }).waitFor();
    await shot(signedOut.page, pathOf('signed-out'));
    const opening = context.waitForEvent('page');
    await signedOut.sidebar.getByRole('button', { name: 'Sign in' }).click();
    await (await opening).close();
    await signedOut.sidebar.getByText('Sign-in was cancelled.').waitFor();
    await signedOut.sidebar.locator('button:enabled', { hasText: 'Sign in' }).waitFor();
    await shot(signedOut.page, pathOf('sign-in-cancelled'));

    const { page, sidebar } = await signedInTicket(context, harness, sidebarUrl, email, ticketOptions);
    await shootRecordFlow(sidebar, (name) => shot(page, pathOf(name)), {
      sendLabel: 'Add to reply',
      sentText: 'Your message is ready',
      names: { sent: 'added' },
    });

    const refused = await signedInTicket(context, harness, sidebarUrl, email, { ...ticketOptions, allowMicrophone: false });
    await showMicrophoneRefused(refused.sidebar);
    await shot(refused.page, pathOf('microphone-refused'));
    await context.close();
  },
});
