/**
 * The address of /login or /signup, keeping the address typed so far and where to go
 * afterwards, so moving between the two loses neither.
 */
export function accountHref(path: '/login' | '/signup', { email, redirect }: { email: string | null; redirect: string }): string {
  const query = new URLSearchParams();
  if (email) query.set('email', email);
  if (redirect !== '/recordings') query.set('redirect', redirect);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
