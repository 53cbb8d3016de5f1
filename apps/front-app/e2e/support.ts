import { PASSWORD } from '@vocal/e2e';
import type { FrameLocator } from 'playwright-core';

/**
 * Signs in inside the sidebar as a person would, typing only the password: the address Front
 * knows must already be in the form, or signing in fails.
 */
export async function signInInSidebar(sidebar: FrameLocator) {
  await sidebar.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await sidebar.getByRole('button', { name: 'Continue' }).click();
}
