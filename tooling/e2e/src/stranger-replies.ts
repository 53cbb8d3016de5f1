import type { BrowserContext } from 'playwright-core';
import { recordUntil } from './record-until.ts';

/**
 * A stranger's browser (no session) opens a listen link and answers it by voice on the listen
 * page, under `name`, as a person who got the link would: Reply, their name, record, Send.
 * The browser's fake microphone speaks. Resolves once the page says the reply was sent.
 */
export async function strangerRepliesByVoice(browser: { newContext(): Promise<BrowserContext> }, url: string, name: string, seconds = 2) {
  const stranger = await browser.newContext();
  try {
    const page = await stranger.newPage();
    await page.goto(url.replace('localhost', '127.0.0.1'));
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Reply by voice' });
    await panel.getByLabel('Your name').fill(name);
    await recordUntil(page, seconds);
    await panel.getByRole('button', { name: /^(Get link|Send)$/ }).click();
    await panel.getByText(/^Your reply was sent to /).waitFor();
  } finally {
    await stranger.close();
  }
}

/**
 * What the server lists for `conversation` to the account whose access token is `token`
 * (GET /api/inbox?conversation=…): a host panel's list, asked without the panel, so a test can
 * show another conversation gets nothing.
 */
export async function repliesListedFor(baseUrl: string, token: string, conversation: string) {
  const response = await fetch(`${baseUrl}/api/inbox?conversation=${encodeURIComponent(conversation)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`GET /api/inbox?conversation=${conversation} answered ${response.status}`);
  return ((await response.json()) as { items: { id: string; senderName: string | null }[] }).items;
}
