import type { Frame, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProcess } from '../api-process.ts';
import { watchPageErrors } from '../browser.ts';
import { recordUntil } from '../record-until.ts';
import { signUpOverApi, uniqueEmail } from '../test-accounts.ts';

/** What a host suite starts once for its file: a product server and whatever plays the host. */
export type StartedSuite = { product: ApiProcess; stop(): Promise<void> };

/** A host opened on a page, its panel (our frame or page inside it) refused the microphone. */
export type RefusedPanel = {
  /** Where our panel runs: its frame in the host's page, or a page of its own. */
  panel: Page | Frame | FrameLocator;
  /** The host's page, whose console must stay clean. */
  page: Page;
  /** Closes what `open` opened (its contexts). */
  close(): Promise<void>;
};

/** One way the panel, refused the microphone, still gets a message recorded: a test of the suite. */
export type RefusedMicrophoneCase<Suite extends StartedSuite, Opened extends RefusedPanel> = {
  it: string;
  /**
   * Opens the host with the panel refused the microphone, for a person signed up as `email` over
   * the API (`token`: their access token, for settings the case needs) but not yet signed in there.
   */
  open(suite: Suite, email: string, token: string): Promise<Opened>;
  /** The host's way of signing in from the panel (a window, a dialog, the panel itself); the suite then waits for "Signed in as". */
  signIn(opened: Opened, email: string): Promise<void>;
  /**
   * From the refusal, with **Record in a new window** offered: takes the host's way out (our
   * window with a borrowed session, a browser tab through a handoff), records there, and
   * answers the link of the message as the panel shows it once it came back.
   */
  recordElsewhere(suite: Suite, opened: Opened, email: string): Promise<string>;
  /** Checks the link went into the host's draft, reply or share box exactly as when recorded in place. */
  inserted(suite: Suite, opened: Opened, url: string): Promise<void>;
  /** Console lines of the host's page that the refusal this test provokes may cause (Chromium's own). */
  expectedConsole?: RegExp;
};

/**
 * The microphone-refused suite every host app runs: one product and host harness for the file
 * (`start`), and each case signs in, meets the refusal explained with its way out, records
 * elsewhere, and finds the link in the host and playable. What differs per host is the cases'
 * hooks; the steps and checks every host shares live here once.
 */
export function describeMicrophoneRefused<Suite extends StartedSuite, Opened extends RefusedPanel>(
  title: string,
  options: { emailPrefix: string; start: () => Promise<Suite>; cases: RefusedMicrophoneCase<Suite, Opened>[] },
): void {
  let suite: Suite | undefined;
  beforeAll(async () => {
    suite = await options.start();
  });
  afterAll(async () => {
    await suite?.stop();
  });

  describe(title, () => {
    for (const refused of options.cases) {
      it(refused.it, async () => {
        const started = suite!;
        const email = uniqueEmail(options.emailPrefix);
        const token = await signUpOverApi(started.product.url, email);
        const opened = await refused.open(started, email, token);
        const errors = watchPageErrors(opened.page);

        await refused.signIn(opened, email);
        await opened.panel.getByText(`Signed in as ${email}`).waitFor();

        // The refusal is explained, with the way out.
        await opened.panel.getByRole('button', { name: 'Start recording' }).click();
        await opened.panel.getByRole('alert').filter({ hasText: 'Microphone access was blocked' }).waitFor();
        const url = await refused.recordElsewhere(started, opened, email);

        await refused.inserted(started, opened, url);
        const id = /\/listen\/([A-Za-z0-9]{12})$/.exec(url)?.[1];
        expect((await fetch(`${started.product.url}/api/view-vocal/${id}`)).status).toBe(200);
        const expected = refused.expectedConsole;
        expect(expected ? errors.filter((error) => !expected.test(error)) : errors).toEqual([]);
        await opened.close();
      });
    }
  });
}

/**
 * Records in our record window, which borrowed the panel's session (no token in its address, no
 * sign-in form), sends with the host's label, and waits for the window to hand the message back
 * and close; answers the link the panel then shows. `beforeSend` checks what the host's window
 * must have (its title, the session message); `conversation`, where the panel is in one, is
 * where the window must file the message (its get-vocal names it), so replies come back there.
 */
export async function recordInBorrowedWindow(
  window: Page,
  panel: Page | Frame | FrameLocator,
  options: { sendLabel: string; beforeSend?: () => Promise<void>; conversation?: string },
): Promise<string> {
  const windowErrors = watchPageErrors(window);
  await window.getByRole('button', { name: 'Start recording' }).waitFor();
  expect(await window.getByLabel('Password').count()).toBe(0);
  const reserved = window.waitForRequest((request) => new URL(request.url()).pathname === '/api/get-vocal');
  await recordUntil(window, 3);
  expect(new URL((await reserved).url()).searchParams.get('conversation')).toBe(options.conversation ?? null);
  await options.beforeSend?.();
  await window.getByRole('button', { name: options.sendLabel, exact: true }).click();
  await expect.poll(() => window.isClosed()).toBe(true);
  expect(windowErrors).toEqual([]);
  await panel.getByText('Your message is ready', { exact: true }).waitFor();
  return panel.getByRole('textbox', { name: 'Link to your message' }).inputValue();
}
