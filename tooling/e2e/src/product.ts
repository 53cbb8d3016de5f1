import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot, startApiProcess, type ApiProcess, type StartOptions } from './api-process.ts';

export const webDist = join(repoRoot, 'apps', 'web', 'dist');

/**
 * The whole product as a user meets it: the API server serving the built web app on one
 * port. The web app must be built first (turbo's test task depends on the build).
 */
export async function startProduct(options: StartOptions = {}): Promise<ApiProcess> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`The web app is not built (${webDist}); run the build first (turbo does this for pnpm test).`);
  }
  return startApiProcess({ ...options, env: { WEB_DIST: webDist, ...options.env } });
}

let counter = 0;

/** Signs up through the login page as a person would; returns the email used. */
export async function signUpThroughPage(
  page: Page,
  baseUrl: string,
  email = `person${++counter}-${Date.now()}@example.com`,
): Promise<string> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return email;
}
