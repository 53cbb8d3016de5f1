import { tooManyRequests } from '../http/http-error.ts';
import type { ApiLimits } from '../http/api-limits.ts';

/** One reserved password check; exactly one of these is called once it is known how it went. */
export type SignInAttempt = {
  /** Signed in; `created` when the attempt made the account. */
  succeeded(outcome: { created: boolean }): Promise<void>;
  /** A wrong password, or no account for the address (`noAccount`). */
  failed(reason: 'wrong-password' | 'no-account'): Promise<void>;
  /** Neither success nor a wrong password (bad input, a server error): it does not count. */
  abandoned(): Promise<void>;
};

/**
 * The sign-in rules around one password check. Every attempt is counted before the password
 * is checked and taken back when it turns out not to be a failure, so parallel guesses cannot
 * pass a limit that a check-then-count would let them through.
 */
export function createSignInThrottle(limits: ApiLimits) {
  const { signInBackoff, failedSignInsPerClient, failedSignInsPerAccount, knownSignInClients, noAccountAnswers } = limits;

  return {
    /** Reserves one attempt of `email` from `address`, or throws 429 saying how long to wait. */
    async reserve(email: string, address: string): Promise<SignInAttempt> {
      const pair = `${email}\n${address}`;
      // The account's own recent clients are not held to the ceiling meant for strangers.
      const known = (await knownSignInClients.peek(pair)) > 0;
      const taken: (() => Promise<void>)[] = [];
      const giveBack = () => Promise.all(taken.map((release) => release())).then(() => undefined);
      if (!known) {
        const ceiling = await failedSignInsPerAccount.hit(email);
        taken.push(() => failedSignInsPerAccount.release(email));
        if (ceiling) {
          await giveBack();
          throw tooManyRequests(`Too many failed sign-ins for this account. Try again in ${ceiling} seconds.`, ceiling);
        }
      }
      const wait = await signInBackoff.reserve(pair);
      if (wait) {
        await giveBack();
        throw tooManyRequests(`Too many failed sign-ins. Try again in ${wait} seconds.`, wait);
      }
      taken.push(() => signInBackoff.release(pair));
      const clientWait = await failedSignInsPerClient.hit(address);
      taken.push(() => failedSignInsPerClient.release(address));
      if (clientWait) {
        await giveBack();
        throw tooManyRequests(`Too many failed sign-ins from your network. Try again in ${clientWait} seconds.`, clientWait);
      }
      return {
        async succeeded({ created }) {
          await giveBack();
          await Promise.all([signInBackoff.reset(pair), knownSignInClients.hit(pair)]);
          // The login page looks an address up before it offers to create its account: that
          // "no account yet" was this new person's, not a guess, so the address gets it back.
          // Only the created account's own lookup, so probing other addresses earns nothing.
          if (created && (await noAccountAnswers.peek(pair)) > 0) {
            await Promise.all([failedSignInsPerClient.release(address), noAccountAnswers.reset(pair)]);
          }
        },
        async failed(reason) {
          if (reason === 'no-account') await noAccountAnswers.hit(pair);
        },
        abandoned: giveBack,
      };
    },
  };
}
