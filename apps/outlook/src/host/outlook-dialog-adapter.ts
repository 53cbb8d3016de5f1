import type { HostAdapter } from '@vocal/host-contract';
import type { DialogBridge } from './outlook-dialog-bridge.ts';

/**
 * The record window as a host: it has no draft of its own, so a finished message is handed
 * to the taskpane, whose adapter inserts it as if it had been recorded in place.
 */
export function createOutlookDialogAdapter(bridge: DialogBridge): HostAdapter {
  return {
    platform: 'outlook',
    // Confirming hands the message to the taskpane, which puts it into the email.
    sendLabel: 'Add to email',
    ready: async () => ({}),
    async insertShare(share) {
      try {
        bridge.send({ type: 'shared', share });
        return { inserted: true };
      } catch (error) {
        return { inserted: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
