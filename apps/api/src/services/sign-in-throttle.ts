import { tooManyRequests } from '../http/http-error.ts';
import type { ApiLimits } from './api-limits.ts';

/**
 * The sign-in rules around one password check. Every attempt is counted before the password
 * is checked and taken back when it turns out not to be a failure, so parallel guesses cannot
 * pass a limit that a check-then-count would let them through.
 */
export function createSignInThrottle(limits: ApiLimits) {
  const { signInBackoff, failedSignInsPerClient, failedSignInsPerAccount, knownSignInClients } = limits;
  const pairKey = (email: string, address: string) => `${email}\n${address}`;

  return {
    /** Reserves one attempt of `email` from `address`, or throws 429 saying how long to wait. */
    async reserve(email: string, address: string): Promise<void> {
      const pair = pairKey(email, address);
      const ceiling = await failedSignInsPerAccount.peek(email);
      if (ceiling && !(await knownSignInClients.peek(pair))) {
        throw tooManyRequests(`Too many failed sign-ins for this account. Try again in ${ceiling} seconds.`, ceiling);
      }
      const wait = await signInBackoff.reserve(pair);
      if (wait) throw tooManyRequests(`Too many failed sign-ins. Try again in ${wait} seconds.`, wait);
      const clientWait = await failedSignInsPerClient.hit(address);
      if (clientWait) {
        await signInBackoff.release(pair);
        throw tooManyRequests(`Too many failed sign-ins from your network. Try again in ${clientWait} seconds.`, clientWait);
      }
    },

    async succeeded(email: string, address: string): Promise<void> {
      const pair = pairKey(email, address);
      await Promise.all([signInBackoff.reset(pair), failedSignInsPerClient.release(address), knownSignInClients.hit(pair)]);
    },

    async failed(email: string): Promise<void> {
      await failedSignInsPerAccount.hit(email);
    },

    /** The attempt ended in neither success nor a wrong password: it does not count. */
    async abandoned(email: string, address: string): Promise<void> {
      await Promise.all([signInBackoff.release(pairKey(email, address)), failedSignInsPerClient.release(address)]);
    },
  };
}
