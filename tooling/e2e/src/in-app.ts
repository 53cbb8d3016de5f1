import type { Page } from 'playwright-core';

/**
 * Goes to `path` inside the single-page app already loaded in `page`, as its own links do
 * (a history entry its router follows), instead of loading the whole app again. Browser tests
 * that visit many pages of one signed-in app use it: each fresh load parses and runs the app's
 * code anew, and in a full check those loads were most of Chromium's work.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    // A router that does not patch pushState still hears this.
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
