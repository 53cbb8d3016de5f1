import type { Page } from 'playwright-core';
import type { StateSummary } from './harness/harness-api.ts';

/** Generous: the machine is shared and Chromium's audio thread runs at its own pace. */
export const WAIT = { timeout: 90_000, polling: 100 };

export const state = (page: Page) => page.evaluate(() => window.harness.state());

/** Waits, inside the page, until the recorder has captured `seconds` of audio (or failed, for the caller to see). */
export async function waitForElapsed(page: Page, seconds: number): Promise<StateSummary> {
  await page.waitForFunction(
    (minimum) => {
      const current = window.harness.state();
      // A failure ends the wait at once: the caller's assertions then say what went wrong.
      if (current.status === 'failed') return true;
      return current.status === 'recording' && (current.elapsedSeconds ?? 0) >= minimum;
    },
    seconds,
    WAIT,
  );
  return state(page);
}
