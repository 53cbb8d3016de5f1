import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { recordUntil } from './record-until.ts';
import { signInWithPassword } from './sign-in-step.ts';

export type HandoffTabOptions = {
  /** The account the person signs in with on the web app, when the tab asks. */
  email: string;
  /** How long to record. */
  seconds: number;
  /** The record page's send button ("Send to Front"). */
  sendLabel: string;
  /** Where the panel is, when it is in a conversation: the tab must file the message there (its get-vocal names it). */
  conversation?: string;
};

/**
 * Plays the person in a browser tab on a host panel's record page (`/record/handoff/:id`,
 * opened by the host's open-link call, by the browser, or typed in by hand): signs in to the web
 * app when it asks, as anyone whose browser has no session yet, records, and sends the message
 * through the handoff. Answers once the tab says the link is on its way.
 */
export async function recordInHandoffPage(page: Page, options: HandoffTabOptions): Promise<Page> {
  // The web app's own sign-in (its router sends a signed-out person there), then back to the record page.
  await page.getByRole('button', { name: 'Start recording' }).or(page.getByLabel('Email')).first().waitFor();
  if (new URL(page.url()).pathname === '/login') {
    await signInWithPassword(page, options.email);
    await page.waitForURL((at) => at.pathname.startsWith('/record/handoff/'));
  }
  const reserved = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/get-vocal');
  await recordUntil(page, options.seconds);
  expect(new URL((await reserved).url()).searchParams.get('conversation')).toBe(options.conversation ?? null);
  await page.getByRole('button', { name: options.sendLabel }).click();
  await page.getByText('The link is on its way to').waitFor();
  return page;
}

/** recordInHandoffPage in a new tab of `context` at `url`, as a person who pasted the address. */
export async function recordInHandoffTab(context: BrowserContext, url: string, options: HandoffTabOptions): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  return recordInHandoffPage(page, options);
}
