import { useMemo, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter } from '@vocal/host-contract';
import {
  HostPanel,
  PanelSignIn,
  POPUP_HOSTS,
  recordWindowUrl,
  useAccount,
  useSignedIn,
  withWindowRecording,
  type HandoffWaitStore,
  type PanelNotice,
} from '@vocal/host-shell';

export type SidePanelAppProps = {
  /** The Meet adapter with our record window, and the handoff when it is blocked (or a fake in tests). */
  adapter: HostAdapter;
  api: ApiClient;
  /** The panel's own URL: our record pages are on its origin. */
  pageUrl: string;
  /** The wait for a message recorded in a browser tab, shown while it lasts. */
  handoff?: HandoffWaitStore;
};

/**
 * The add-on's side panel: sign in right here, then the shared record flow with the Meet
 * adapter (copy for the chat, Play for everyone on the main stage).
 */
export function SidePanelApp({ adapter, api, pageUrl, handoff }: SidePanelAppProps) {
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);
  const [notice, setNotice] = useState<PanelNotice>(null);
  // A message recorded in a window comes back as a link, as one recorded here: Meet takes no files.
  const host = useMemo(() => withWindowRecording(adapter, { onWindowError: (text) => setNotice({ tone: 'error', text }) }), [adapter]);

  return (
    <HostPanel
      className="meet-panel"
      api={api}
      signedIn={signedIn}
      account={account}
      signedOut={
        <PanelSignIn
          api={api}
          title="Voice messages in your meetings"
          lead="Record a message, then paste its link into the meeting chat or play it on the main stage for everyone in the call."
        />
      }
      heading="Record a voice message"
      notice={notice}
      setNotice={setNotice}
      host={host}
      pageUrl={pageUrl}
      recordInWindowUrl={recordWindowUrl('google-meet', pageUrl)}
      handoff={{ store: handoff, hostName: POPUP_HOSTS['google-meet'].name }}
      // Its Upgrade link checks out through /meet-subscription, whose success page speaks to the panel.
      upgradeFrom="google-meet"
      // The clipboard refused (Meet's frame may not let us copy): say so beside the link to copy by hand.
      onShared={(_share, outcome) => setNotice(outcome.inserted ? null : { tone: 'info', text: outcome.reason })}
    />
  );
}
