import { PASSWORD } from '@vocal/e2e';
import type { Page } from 'playwright-core';

/** Signs in on the dialog page as a person would; the Office email is already in the form. */
export async function signInOnDialog(dialog: Page) {
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
}
