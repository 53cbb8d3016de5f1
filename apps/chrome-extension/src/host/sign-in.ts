import type { ChromeApi } from './chrome-api.ts';
import { signInPageUrl } from './extension-server.ts';

/**
 * Opens our web app's sign-in page for the extension in a tab. The page hands a one-time code
 * to the service worker (background.ts), which signs every page of the extension in.
 */
export async function openSignInTab(chrome: Pick<ChromeApi, 'tabs' | 'runtime'>): Promise<void> {
  await chrome.tabs.create({ url: signInPageUrl(chrome) });
}
