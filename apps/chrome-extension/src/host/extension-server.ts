import type { ChromeApi } from './chrome-api.ts';

/**
 * Our server, as the manifest names it: `homepage_url` is its address, and `host_permissions`
 * lets the extension's pages call its API (our server sends no CORS headers; an extension
 * page with a host permission needs none). The build writes the address it was built for
 * (VOCAL_API_URL); the zip the server offers names the server itself.
 */
export function serverOrigin(chrome: Pick<ChromeApi, 'runtime'>): string {
  const homepage = chrome.runtime.getManifest().homepage_url;
  if (!homepage) throw new Error('The extension’s manifest names no server (homepage_url).');
  return new URL(homepage).origin;
}

/** The web app's sign-in page for the extension, told which extension to hand the session to. */
export function signInPageUrl(chrome: Pick<ChromeApi, 'runtime'>): string {
  const url = new URL('/hosts-sign-in', serverOrigin(chrome));
  url.searchParams.set('host', 'chrome-extension');
  url.searchParams.set('extension', chrome.runtime.id);
  return url.href;
}
