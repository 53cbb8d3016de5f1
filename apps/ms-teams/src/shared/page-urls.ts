/**
 * The addresses the Teams app opens, relative to the page asking: its own pages are served
 * under /hosts/ms-teams/ on our origin (the manifest's only valid domain). The record window
 * is the web app's /teams/record (@vocal/host-shell's recordWindowUrl).
 */

/** The sign-in window Teams opens for authenticate(); an address to prefill is no secret, tokens never travel in a URL. */
export function signInWindowUrl(base: string, email?: string): string {
  const url = new URL('auth.html', base);
  if (email) url.searchParams.set('email', email);
  return url.href;
}

/** What a channel or chat tab shows once configured: the same tab page as the personal app. */
export const tabContentUrl = (base: string) => new URL('tab.html', base).href;

/** "Open in browser" from a tab: the web app's recorder. */
export const websiteUrl = (base: string) => new URL('/record', base).href;
