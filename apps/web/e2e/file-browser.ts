import { launchBrowser, type BrowserOptions } from '@vocal/e2e';
import { afterAll } from 'vitest';

export type Browser = Awaited<ReturnType<typeof launchBrowser>>;

/**
 * A browser of the calling test file's own, launched as the file loads (top-level await) and
 * closed after its tests: the preamble every file against the shared server would otherwise
 * write out again with a `let` and two hooks.
 */
export async function fileBrowser(options: BrowserOptions = {}): Promise<Browser> {
  const browser = await launchBrowser(options);
  afterAll(() => browser.close());
  return browser;
}
