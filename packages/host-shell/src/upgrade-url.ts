/**
 * The web app's upgrade page, on the same origin as the host app (both are served by our server).
 * `from` names a host whose checkout has its own call: the Meet add-on's is /meet-subscription.
 */
export const upgradeUrl = (base: string, from?: 'google-meet') => {
  const url = new URL('/upgrade', base);
  if (from) url.searchParams.set('from', from);
  return url.href;
};
