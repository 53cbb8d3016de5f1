import type { ZohoMailClient } from './zoho-sigma.ts';

export type ZohoCall = { method: 'get' | 'dispatch'; args: unknown[] };

export type FakeZohoMailOptions = {
  /** What "currentComposeMailInfo" answers; null makes the call fail (no compose open). */
  composeInfo?: unknown;
  /** Makes the compose insert fail with this value, as Zoho's promise would. */
  refuseInsert?: unknown;
};

/** A Zoho Mail client that records every call, for the adapter's tests. */
export function createFakeZohoMail(options: FakeZohoMailOptions = {}) {
  const calls: ZohoCall[] = [];
  const client: ZohoMailClient = {
    async get(keys) {
      calls.push({ method: 'get', args: [keys] });
      if (options.composeInfo === null) throw new Error('No compose window');
      return options.composeInfo ?? { subject: 'Website design', content: '<div>Hi</div>', emailIds: ['paula@zylker.com'] };
    },
    async dispatch(action, payload) {
      calls.push({ method: 'dispatch', args: [action, payload] });
      if (options.refuseInsert !== undefined) throw options.refuseInsert;
      return { status: 'success' };
    },
  };
  /** The HTML each compose insert put into the email, oldest first. */
  const inserted = () =>
    calls.flatMap((call) =>
      call.method === 'dispatch' && call.args[0] === 'compose' ? [String((call.args[1] as { mailData: unknown }).mailData)] : [],
    );
  return { client, calls, inserted };
}
