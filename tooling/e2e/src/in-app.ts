import type { Page } from 'playwright-core';

/** What the page function below uses of the page's globals (this package is typed for Node). */
type PageHistory = {
  history: { pushState(state: null, unused: string, url: string): void };
  dispatchEvent(event: unknown): boolean;
  PopStateEvent: new (type: string) => unknown;
};

/**
 * Goes to `path` inside the single-page app already loaded in `page`, as its own links do
 * (a history entry its router follows), instead of loading the whole app again. Browser tests
 * that visit many pages of one signed-in app use it: each fresh load parses and runs the app's
 * code anew, and in a full check those loads were most of Chromium's work.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    const scope = globalThis as unknown as PageHistory;
    scope.history.pushState(null, '', target);
    // A router that does not patch pushState still hears this.
    scope.dispatchEvent(new scope.PopStateEvent('popstate'));
  }, path);
}
