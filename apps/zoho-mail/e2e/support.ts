import { PASSWORD } from '@vocal/e2e';
import type { BrowserContext, Frame, Page } from 'playwright-core';

/** Clicks `name` in the widget and answers the popup window it opens. */
export async function popupFrom(context: BrowserContext, widget: Frame, name: string): Promise<Page> {
  const [popup] = await Promise.all([context.waitForEvent('page'), widget.getByRole('button', { name }).click()]);
  await popup.waitForLoadState('domcontentloaded');
  return popup;
}

/** Signs in through the sign-in window as a person would, and waits for the widget to be signed in. */
export async function signInThroughWindow(context: BrowserContext, widget: Frame, email: string) {
  const window = await popupFrom(context, widget, 'Sign in');
  await window.getByLabel('Email').fill(email);
  await window.getByLabel('Password').fill(PASSWORD);
  await window.getByRole('button', { name: 'Continue' }).click();
  await widget.getByText(`Signed in as ${email}`).waitFor();
  return window;
}
