import type { Page } from 'playwright-core';

export const PASSWORD = 'correct horse battery';
let counter = 0;
export const uniqueEmail = () => `outlook${++counter}-${Date.now()}@example.com`;

/** Creates the account over the API (POST auth signs up a new email) and answers its access token. */
export async function signUpOverApi(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** POST /api/personalisation as that user. */
export async function savePersonalisation(baseUrl: string, accessToken: string, patch: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}/api/personalisation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify(patch),
  });
  if (!response.ok) throw new Error(`Saving settings failed: ${response.status} ${await response.text()}`);
}

/** Signs in on the dialog page as a person would; the Office email is already in the form. */
export async function signInOnDialog(dialog: Page) {
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Records until the clock shows `seconds` (a state, not a fixed wait) and stops.
 * Answers the wall-clock length.
 */
export async function recordUntil(page: Page, seconds: number): Promise<number> {
  await page.getByRole('button', { name: 'Start recording' }).click();
  const stop = page.getByRole('button', { name: 'Stop recording' });
  await stop.waitFor();
  const started = Date.now();
  const clock = `0:${String(seconds).padStart(2, '0')}`;
  await page.locator('.vk-record-flow__elapsed', { hasText: clock }).waitFor({ timeout: (seconds + 20) * 1000 });
  await stop.click();
  return (Date.now() - started) / 1000;
}
