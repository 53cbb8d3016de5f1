/**
 * The add-in's own pages, relative to the page asking: the build is served under
 * /hosts/outlook/ on our origin, and Office opens dialogs only on the add-in's own domain.
 */
export function signInDialogUrl(base: string, email?: string): string {
  const url = new URL('dialog.html', base);
  url.searchParams.set('mode', 'sign-in');
  // An address to prefill is no secret; tokens never travel in a URL.
  if (email) url.searchParams.set('email', email);
  return url.href;
}

export function recordDialogUrl(base: string): string {
  const url = new URL('dialog.html', base);
  url.searchParams.set('mode', 'record');
  return url.href;
}
