import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot, startApiProcess, type ApiProcess, type StartOptions } from './api-process.ts';

/** The built web app: apps/web/dist, or VOCAL_WEB_DIST when a parallel run built its own. */
export const webDist = process.env.VOCAL_WEB_DIST ?? join(repoRoot, 'apps', 'web', 'dist');

/**
 * The whole product as a user meets it: the API server serving the built web app on one
 * port. The web app must be built first (turbo's test task depends on the build).
 */
export async function startProduct(options: StartOptions = {}): Promise<ApiProcess> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`The web app is not built (${webDist}); run the build first (turbo does this for pnpm test).`);
  }
  return startApiProcess({ ahead: true, ...options, env: { WEB_DIST: webDist, ...options.env } });
}

/**
 * The product as a host app's browser tests need it: the built host apps served from apps/
 * (HOST_APPS_DIR), and no transcriber. A host test proves the link goes in and plays; the
 * transcript is the web app's and the API's subject, and transcribing every take of every host
 * suite cost CPU the loaded CI machine did not have to spare.
 */
export function startHostProduct(env: Record<string, string> = {}): Promise<ApiProcess> {
  return startProduct({ env: { HOST_APPS_DIR: join(repoRoot, 'apps'), TRANSCRIBER: 'none', ...env } });
}

let counter = 0;

/** The display name signUpThroughPage gives when a test names none. */
export const DEFAULT_SIGN_UP_NAME = 'Robin Example';

/**
 * Signs up through the login page as a person would: the sign-in that finds no account, then
 * "Create an account for …" and the sign-up view's name. Returns the email used.
 */
export async function signUpThroughPage(
  page: Page,
  baseUrl: string,
  email = `person${++counter}-${Date.now()}@example.com`,
  name = DEFAULT_SIGN_UP_NAME,
): Promise<string> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: `Create an account for ${email}` }).click();
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && !url.pathname.startsWith('/signup'));
  return email;
}
