import type { Config } from '../env.ts';

/**
 * The refusal when SIGNUP is not open: what is refused and whom to ask. `invite` accounts
 * come from `admin users create` today; a team invite (issue 14) is the other door, and it
 * creates its account through AccountService without this check.
 */
export function signupClosedMessage(signup: Config['signup']): string {
  const ask = signup.contact ? `Ask ${signup.contact} for an account.` : 'Ask the administrator of this server for an account.';
  return signup.policy === 'invite'
    ? `New accounts on this server are by invitation only. ${ask}`
    : `Sign-up is closed on this server. ${ask}`;
}
