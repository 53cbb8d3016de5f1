import { PASSWORD } from '@vocal/e2e';
import type { Frame } from 'playwright-core';

/** Signs in inside the widget as a person would, and waits for it to be signed in. */
export async function signInInWidget(widget: Frame, email: string) {
  await widget.getByRole('textbox', { name: 'Email' }).fill(email);
  await widget.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await widget.getByRole('button', { name: 'Continue' }).click();
  await widget.getByText(`Signed in as ${email}`).waitFor();
}
