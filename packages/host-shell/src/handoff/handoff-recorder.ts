import type { ApiClient } from '@vocal/api-client';
import type { HostContext, Share } from '@vocal/host-contract';
import type { RecordingHandoffHost } from '@vocal/settings-model';

/** The web app's page that records for a panel through a handoff (apps/web, requires its own sign-in). */
export const HANDOFF_RECORD_PATH = '/record/handoff';

/**
 * The record page of handoff `id`, on the origin of `base` (the panel's page: both are ours),
 * with the subject being written to title the message and the conversation the panel is in to
 * file it there (no secret: the host showed both to the person already).
 */
export function handoffRecordUrl(base: string, id: string, context: Pick<HostContext, 'subject' | 'conversation'> = {}): string {
  const url = new URL(`${HANDOFF_RECORD_PATH}/${encodeURIComponent(id)}`, base);
  if (context.subject) url.searchParams.set('subject', context.subject);
  if (context.conversation) url.searchParams.set('conversation', context.conversation);
  return url.href;
}

/** The record page's send button: the message goes back to the panel, which puts it in place. */
export const handoffSendLabel = (hostName: string) => `Send to ${hostName}`;

/** How often the panel asks whether the message has arrived. A hang guard, not a deadline. */
export const HANDOFF_POLL_MS = 2000;

/**
 * Opens a link in a tab or window the panel does not talk to: the host's own call (Front's
 * openUrl, Teams' app.openLink) or the browser's. True when it went; false when refused (a
 * pop-up blocker, a sandbox), in which case the panel shows the link for the person to open.
 */
export type LinkOpener = (url: string) => Promise<boolean>;

/** What the panel shows while a message is being recorded in another tab. */
export type HandoffWait = {
  /** The record page's address, to open again or to copy. */
  url: string;
  /** Whether the tab opened; if not, the person opens the address themselves. */
  opened: boolean;
  /** Opens the address again (the person closed the tab too early). */
  reopen(): Promise<void>;
  /** Stops waiting: the flow goes back to where it was. */
  cancel(): void;
};

/** The panel's current wait, for the component that shows it. */
export type HandoffWaitStore = {
  get(): HandoffWait | null;
  subscribe(listener: () => void): () => void;
};

export type HandoffRecorderOptions = {
  api: Pick<ApiClient, 'createRecordingHandoff' | 'claimRecordingHandoff'>;
  host: RecordingHandoffHost;
  /** The panel's own URL: the record page is on its origin. */
  pageUrl: string;
  openLink: LinkOpener;
  /**
   * Where the panel is when the person starts (usually the adapter's ready): the subject being
   * written titles the message in the tab, and the conversation files it there.
   */
  context?(): Promise<HostContext>;
  pollMs?: number;
  /** Timers, replaceable in tests. */
  setTimer?(run: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
};

/** The handoff is gone before a message came through it (30 minutes passed, or it was claimed elsewhere). */
export const HANDOFF_EXPIRED = 'The recording link expired before a message came through it. Choose Record in a new window again.';

/**
 * Recording in a browser tab that cannot talk back to the panel: the panel asks the server for
 * a one-time handoff (decision 0023), opens our record page with its id through the host's own
 * way of opening a link, and polls with the secret it alone holds until the person has
 * recorded there (signed in to the web app as usual). The server builds the Share; nothing
 * travels between the tab and the panel but the id in the address.
 */
export function createHandoffRecorder(options: HandoffRecorderOptions) {
  const { api, host, pageUrl, openLink } = options;
  const pollMs = options.pollMs ?? HANDOFF_POLL_MS;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));

  let current: HandoffWait | null = null;
  const listeners = new Set<() => void>();
  const publish = (wait: HandoffWait | null) => {
    current = wait;
    for (const listener of listeners) listener();
  };
  const waiting: HandoffWaitStore = {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  /** Records through a new handoff; the panel's record URL is not used (the page is the handoff's). */
  async function recordInWindow(): Promise<Share | null> {
    if (current) throw new Error('Vocal is already waiting for a message from your browser. Finish it there, or choose Stop waiting.');
    const created = await api.createRecordingHandoff(host);
    if (!created.ok) throw new Error(`Vocal could not start recording in your browser: ${created.error.msg}`);
    const { id, secret } = created.data;
    const context = (await options.context?.().catch(() => undefined)) ?? {};
    const url = handoffRecordUrl(pageUrl, id, context);
    const opened = await openLink(url).catch(() => false);

    return new Promise<Share | null>((resolve, reject) => {
      let timer: unknown = null;
      let done = false;
      const finish = (outcome: () => void) => {
        if (done) return;
        done = true;
        if (timer !== null) clearTimer(timer);
        publish(null);
        outcome();
      };
      const poll = async () => {
        timer = null;
        const claimed = await api.claimRecordingHandoff(id, secret);
        if (done) return;
        if (claimed.ok && claimed.data.status === 'ready') {
          const { share } = claimed.data;
          return finish(() => resolve(share));
        }
        if (!claimed.ok && claimed.status === 404) return finish(() => reject(new Error(HANDOFF_EXPIRED)));
        // Waiting, or a passing network failure: ask again.
        timer = setTimer(() => void poll(), pollMs);
      };
      const wait: HandoffWait = {
        url,
        opened,
        async reopen() {
          const again = await openLink(url).catch(() => false);
          if (!done && again !== current?.opened) publish({ ...wait, opened: again });
        },
        cancel: () => finish(() => resolve(null)),
      };
      publish(wait);
      timer = setTimer(() => void poll(), pollMs);
    });
  }

  return { recordInWindow, waiting };
}

export type HandoffRecorder = ReturnType<typeof createHandoffRecorder>;
