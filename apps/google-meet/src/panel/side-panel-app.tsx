import { useMemo, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter } from '@vocal/host-contract';
import {
  HostPanel,
  recordWindowUrl,
  signInWindowUrl,
  useAccount,
  useSignedIn,
  withWindowRecording,
  type PanelNotice,
} from '@vocal/host-shell';
import { SignedOutPanel } from './signed-out-panel.tsx';

export type SidePanelAppProps = {
  /** The Meet adapter with our popup windows (or a fake in tests). */
  adapter: HostAdapter;
  api: ApiClient;
  /** The panel's own URL: our sign-in and record windows are on its origin. */
  pageUrl: string;
};

/**
 * The add-on's side panel: sign in through a window of ours, then the shared record flow with
 * the Meet adapter (copy for the chat, Play for everyone on the main stage).
 */
export function SidePanelApp({ adapter, api, pageUrl }: SidePanelAppProps) {
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);
  const [notice, setNotice] = useState<PanelNotice>(null);
  // A message recorded in a window comes back as a link, as one recorded here: Meet takes no files.
  const host = useMemo(() => withWindowRecording(adapter, { onWindowError: (text) => setNotice({ tone: 'error', text }) }), [adapter]);

  const openSignInWindow = () =>
    adapter.signInWithDialog ? adapter.signInWithDialog(signInWindowUrl('google-meet', pageUrl)) : Promise.resolve(null);

  return (
    <HostPanel
      className="meet-panel"
      api={api}
      signedIn={signedIn}
      account={account}
      signedOut={<SignedOutPanel api={api} openSignInWindow={openSignInWindow} />}
      heading="Record a voice message"
      notice={notice}
      setNotice={setNotice}
      host={host}
      pageUrl={pageUrl}
      recordInWindowUrl={recordWindowUrl('google-meet', pageUrl)}
      // Its Upgrade link checks out through /meet-subscription, whose success page speaks to the panel.
      upgradeFrom="google-meet"
      // The clipboard refused (Meet's frame may not let us copy): say so beside the link to copy by hand.
      onShared={(_share, outcome) => setNotice(outcome.inserted ? null : { tone: 'info', text: outcome.reason })}
    />
  );
}
