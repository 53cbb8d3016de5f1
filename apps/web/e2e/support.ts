import { DEFAULT_SIGN_UP_NAME, PASSWORD, uniqueEmail, type launchBrowser } from '@vocal/e2e';
import type { BrowserContext, Page } from 'playwright-core';

/** The tokens the web app keeps in localStorage, for talking to the API as that user. */
export async function tokensOf(page: Page): Promise<{ accessToken: string; refreshToken: string }> {
  const raw = await page.evaluate(() => window.localStorage.getItem('vocal.tokens'));
  if (!raw) throw new Error('The page holds no session');
  return JSON.parse(raw) as { accessToken: string; refreshToken: string };
}

/** GET audio as the page's user: the messages the server holds for them. */
export async function messagesOf(baseUrl: string, page: Page): Promise<{ id: string; duration: number }[]> {
  const { accessToken } = await tokensOf(page);
  const response = await fetch(`${baseUrl}/api/audio`, { headers: { authorization: `Bearer ${accessToken}` } });
  const body = (await response.json()) as { audios: { id: string; duration: number }[] };
  return body.audios;
}

/**
 * Records for about `seconds` on /record and stops; answers the most the take can last: the
 * wall time from before Start was pressed to after Stop was. (Timed from when the test saw the
 * Stop button instead, a loaded machine made the take longer than the measure: the page had
 * started recording a quarter of a second before the test noticed.)
 */
export async function recordFor(page: Page, seconds: number): Promise<number> {
  const started = Date.now();
  await page.getByRole('button', { name: 'Start recording' }).click();
  const stop = page.getByRole('button', { name: 'Stop recording' });
  await stop.waitFor();
  await page.waitForTimeout(seconds * 1000);
  await stop.click();
  return (Date.now() - started) / 1000;
}

/**
 * Confirms the review step that follows Stop ("Get link" on /record, "Send" on a visitor's
 * page); the upload started at Stop, so this waits only for what is left of it.
 */
export async function confirmReview(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Get link|Send)$/ }).click();
}

export async function closeAll(...contexts: (BrowserContext | undefined)[]) {
  await Promise.all(contexts.map((context) => context?.close()));
}

/** Makes the user with `email` Pro through the admin API the running server offers on this machine. */
export { makePro } from '@vocal/e2e';

/** Calls the API as the page's signed-in user. */
export async function apiAs(baseUrl: string, page: Page, method: string, path: string, json?: unknown) {
  const { accessToken } = await tokensOf(page);
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
    // Like the locators' own: a hang fails with a reason instead of the 15-minute test timeout.
    signal: AbortSignal.timeout(120_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * A new person, signed in, in a fresh context of `browser`, without the sign-up pages: the
 * account is made over the API (with the name the page would have asked for) and the session
 * put where the web app keeps it. For files where signing up is not the subject: a sign-up
 * through the page costs a load of /login and its steps for every person a test needs.
 */
export async function signedInContext(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  baseUrl: string,
  options: Parameters<Awaited<ReturnType<typeof launchBrowser>>['newContext']>[0] = {},
): Promise<{ context: BrowserContext; email: string; accessToken: string }> {
  const email = uniqueEmail('web');
  const response = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, name: DEFAULT_SIGN_UP_NAME }),
  });
  if (response.status !== 201) throw new Error(`Sign-up of ${email} failed: ${response.status} ${await response.text()}`);
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  const session = { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
  const storageState = {
    cookies: [],
    origins: [{ origin: new URL(baseUrl).origin, localStorage: [{ name: 'vocal.tokens', value: JSON.stringify(session) }] }],
  };
  const context = await browser.newContext({ ...options, storageState });
  return { context, email, accessToken: tokens.access_token };
}
