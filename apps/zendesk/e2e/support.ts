import { PASSWORD } from '@vocal/e2e';
import type { Page } from 'playwright-core';

/** Signs in on the sign-in window as a person would; the agent's address is already in the form. */
export async function signInOnWindow(window: Page) {
  await window.getByLabel('Password').fill(PASSWORD);
  await window.getByRole('button', { name: 'Continue' }).click();
}
