import type { PublicUser } from '@vocal/settings-model';

/** Up to two letters for a person without a picture: from the chosen name, else the email. */
export function initialsOf(user: Pick<PublicUser, 'name'> & { email?: string | null }): string {
  const source = user.name !== 'You' ? user.name : (user.email ?? '?');
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}
