import type { HostAdapter } from '@vocal/host-contract';
import type { Platform } from '@vocal/settings-model';

/** A visitor's page is its own host: the message goes to its owner, nothing is inserted anywhere. */
export function createVisitorHostAdapter(platform: Platform): HostAdapter {
  return {
    platform,
    // The review step's confirm sends the message to the page's owner.
    sendLabel: 'Send',
    ready: async () => ({}),
    insertShare: async () => ({ inserted: false, reason: 'Sent to the page owner.' }),
  };
}
