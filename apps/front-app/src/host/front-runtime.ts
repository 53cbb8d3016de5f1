import Front, { contextUpdates, delegateNewWindowsToFront } from '@frontapp/plugin-sdk';
import type { LinkOpener } from '@vocal/host-shell';
import type { FrontContextUpdates } from './front-sdk.ts';

/** How long Front may take to send its first context before the page says it is not answering. */
const FIRST_CONTEXT_TIMEOUT_MS = 20_000;

export type FrontConnection =
  | { inFront: false }
  | {
      inFront: true;
      contextUpdates: FrontContextUpdates;
      /** Front's openUrl: the page opens in the teammate's browser, outside Front's sandbox. */
      openLink: LinkOpener;
    };

/**
 * Front frames a plugin in a sandbox where window.open and target="_blank" do nothing (its
 * plugin FAQ): every new page goes through Front's openUrl instead, which resolves once Front
 * has the request. Our record page, opened this way, cannot talk to the sidebar: the message
 * comes back through a one-time handoff (host-shell's handoff recorder).
 */
const openInFront: LinkOpener = async (url) => {
  await Front.openUrl(url);
  return true;
};

/**
 * The one reader of Front's Plugin SDK. Importing it starts the handshake with the parent
 * frame; Front then sends a context (and a new one whenever the person selects something
 * else). Opened outside a frame there is no Front to wait for. Every link that opens a new
 * window (the listen link's Open, Upgrade) goes through openUrl too (delegateNewWindowsToFront).
 */
export function connectToFront(timeoutMs = FIRST_CONTEXT_TIMEOUT_MS): Promise<FrontConnection> {
  if (window.parent === window) return Promise.resolve({ inFront: false });
  delegateNewWindowsToFront();
  const updates = contextUpdates as unknown as FrontContextUpdates;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Front did not answer. Close the plugin and open it again.')), timeoutMs);
    const subscription = updates.subscribe(() => {
      clearTimeout(timer);
      // Unsubscribed on the next turn: the first context may arrive while subscribing.
      queueMicrotask(() => subscription.unsubscribe());
      resolve({ inFront: true, contextUpdates: updates, openLink: openInFront });
    });
  });
}
