import type { HostAdapter } from '@vocal/host-contract';

/**
 * The web app as a host: there is no draft to insert into, so the message stays on screen
 * with its link, Copy and the share sheet. Nothing is inserted, and the flow knows it.
 */
export function createWebAdapter(): HostAdapter {
  return {
    platform: 'webapp',
    ready: async () => ({}),
    insertShare: async () => ({ inserted: false, reason: 'The web app shows the link instead.' }),
  };
}
