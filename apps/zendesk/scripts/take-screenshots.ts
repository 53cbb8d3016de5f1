/**
 * Screenshots of the ticket sidebar as an agent sees it in Zendesk's apps panel (320 px wide,
 * 600 px shown): signed out, sign-in cancelled, idle, recording, review, added to the reply,
 * and the microphone refused. Light and dark. Driven for real: the API serving the build,
 * the Zendesk harness, a fake microphone. Writes PNGs to apps/zendesk/screenshots/ (ignored
 * by git) to be looked at.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { signUpOverApi, uniqueEmail } from '@vocal/e2e';
import type { BrowserContext, Page } from 'playwright-core';
import { signInOnWindow } from '../e2e/support.ts';
import { openTicket, startZendeskSuite, type TicketOptions } from '../e2e/zendesk-harness.ts';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const { harness, browser, product, sidebarUrl, stop } = await startZendeskSuite(
  'Hello! This is a short voice message to show how the sidebar looks.',
);
const sidebarSize = { width: 320, height: 600 };

/**
 * The apps panel: the sidebar's 320x600 at the page's top left, once the page is in front
 * (a cross-origin frame in a page behind a window paints late), its fonts have settled and
 * Zendesk has fitted the frame to its content (ZAF's resize arrives a moment after a change).
 */
async function shot(page: Page, name: string) {
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
  await page.screenshot({ path: join(out, `${name}.png`), clip: { x: 0, y: 0, ...sidebarSize } });
}

async function signedInTicket(context: BrowserContext, email: string, options: TicketOptions) {
  const ticket = await openTicket(context, harness, sidebarUrl, { agentEmail: email, ...options });
  const signingIn = context.waitForEvent('page');
  await ticket.sidebar.getByRole('button', { name: 'Sign in' }).click();
  await signInOnWindow(await signingIn);
  await ticket.sidebar.getByRole('button', { name: 'Start recording' }).waitFor();
  return ticket;
}

try {
  for (const colorScheme of ['light', 'dark'] as const) {
    const email = uniqueEmail('zendesk');
    await signUpOverApi(product.url, email);
    const ticketOptions = { subject: 'Printer on fire', requester: 'Mikkel Svane', colorScheme };
    const context = await browser.newContext({ viewport: { width: 900, height: 700 }, colorScheme });
    const signedOut = await openTicket(context, harness, sidebarUrl, { agentEmail: email, ...ticketOptions });
    await signedOut.sidebar.getByRole('button', { name: 'Sign in' }).waitFor();
    await shot(signedOut.page, `signed-out-${colorScheme}`);
    const opening = context.waitForEvent('page');
    await signedOut.sidebar.getByRole('button', { name: 'Sign in' }).click();
    await (await opening).close();
    await signedOut.sidebar.getByText('Sign-in was cancelled.').waitFor();
    await signedOut.sidebar.locator('button:enabled', { hasText: 'Sign in' }).waitFor();
    await shot(signedOut.page, `sign-in-cancelled-${colorScheme}`);

    const { page, sidebar } = await signedInTicket(context, email, ticketOptions);
    await shot(page, `idle-${colorScheme}`);
    await sidebar.getByRole('button', { name: 'Start recording' }).click();
    await sidebar.locator('.vk-record-flow__elapsed', { hasText: '0:02' }).waitFor();
    await shot(page, `recording-${colorScheme}`);
    await sidebar.getByRole('button', { name: 'Stop recording' }).click();
    await sidebar.getByRole('button', { name: 'Add to reply' }).waitFor();
    await shot(page, `review-${colorScheme}`);
    await sidebar.getByRole('button', { name: 'Add to reply' }).click();
    await sidebar.getByText('Your message is ready', { exact: true }).waitFor();
    await shot(page, `added-${colorScheme}`);

    const refused = await signedInTicket(context, email, { ...ticketOptions, allowMicrophone: false });
    await refused.sidebar.getByRole('button', { name: 'Start recording' }).click();
    await refused.sidebar.getByRole('button', { name: 'Record in a new window' }).waitFor();
    await shot(refused.page, `microphone-refused-${colorScheme}`);
    await context.close();
  }
  process.stdout.write(`Screenshots in ${out}\n`);
} finally {
  await stop();
}
