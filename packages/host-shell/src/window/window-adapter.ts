import type { HostAdapter } from '@vocal/host-contract';
import type { Platform } from '@vocal/settings-model';
import type { WindowToOpenerMessage } from './window-messages.ts';

export type WindowAdapterOptions = {
  /** The host the window records for: the recording's platform is the host's, not the web app's. */
  platform: Platform;
  /** The review step's button, as the panel names it ("Add to email"). */
  sendLabel: string;
  /** Hands a message to the panel; throws when there is no panel to hand it to. */
  send(message: WindowToOpenerMessage): void;
};

/**
 * A record window as a host: it has no draft of its own, so a finished message is handed to
 * the panel that opened it, whose adapter inserts it as if it had been recorded in place.
 * Without a panel the flow shows the link to copy instead.
 */
export function createWindowAdapter({ platform, sendLabel, send }: WindowAdapterOptions): HostAdapter {
  return {
    platform,
    sendLabel,
    ready: async () => ({}),
    async insertShare(share) {
      try {
        send({ type: 'shared', share });
        return { inserted: true };
      } catch (error) {
        return { inserted: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
