import type { Frame, FrameLocator, Page } from 'playwright-core';
import { PASSWORD } from './test-accounts.ts';

/**
 * Fills our sign-in form as a person would and presses Continue, wherever the form is: a sign-in
 * window or dialog (a Page), or a host panel's frame. `email` is typed only where the host has not
 * already put the address it knows into the form. Whatever comes after (a window closing, "Signed
 * in as") is the caller's to wait for, since it differs per host.
 */
export async function signInWithPassword(form: Page | Frame | FrameLocator, email?: string): Promise<void> {
  if (email !== undefined) await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Continue' }).click();
}
