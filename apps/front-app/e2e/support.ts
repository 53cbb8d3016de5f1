import { PASSWORD } from '@vocal/e2e';
import type { Page } from 'playwright-core';

/**
 * Signs in on our sign-in window as a person would, typing only the password: the address Front
 * knows must already be in the form (the window's address carries it), or signing in fails.
 */
export async function signInOnWindow(window: Page) {
  await window.getByLabel('Password').fill(PASSWORD);
  await window.getByRole('button', { name: 'Continue' }).click();
}
