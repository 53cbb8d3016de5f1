import type { BrowserContext, Page } from 'playwright-core';
import { recordUntil } from './record-until.ts';
import { PASSWORD } from './test-accounts.ts';

export type HandoffTabOptions = {
  /** The account the person signs in with on the web app, when the tab asks. */
  email: string;
  /** How long to record. */
  seconds: number;
  /** The record page's send button, as the panel names it ("Add to draft"). */
  sendLabel: string;
};

/**
 * Plays the person in the browser tab a host panel opened for recording (`/record/handoff/:id`,
 * through the host's open-link call or typed in by hand): signs in to the web app when it asks,
 * as anyone whose browser has no session yet, records, and sends the message through the
 * handoff. Answers the tab, which says the link is on its way.
 */
export async function recordInHandoffTab(context: BrowserContext, url: string, options: HandoffTabOptions): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  const path = new URL(url).pathname;
  // The web app's own sign-in (its router sends a signed-out person there), then back to the record page.
  const startButton = page.getByRole('button', { name: 'Start recording' });
  await startButton.or(page.getByLabel('Email')).first().waitFor();
  if (new URL(page.url()).pathname === '/login') {
    await page.getByLabel('Email').fill(options.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((at) => at.pathname === path);
  }
  await recordUntil(page, options.seconds);
  await page.getByRole('button', { name: options.sendLabel }).click();
  await page.getByText('The link is on its way to').waitFor();
  return page;
}
