import { useMemo, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter } from '@vocal/host-contract';
import {
  HostPanel,
  recordWindowUrl,
  signInWindowUrl,
  useAccount,
  useHostContext,
  useSignedIn,
  withWindowRecording,
  type PanelNotice,
} from '@vocal/host-shell';
import { SignedOutPanel } from './signed-out-panel.tsx';

export type SidebarAppProps = {
  /** The Front adapter with our popup windows (or a fake in tests). */
  adapter: HostAdapter;
  api: ApiClient;
  /** The sidebar's own URL: our sign-in and record windows are on its origin. */
  pageUrl: string;
};

/** The plugin's sidebar: sign in through a window of ours, then the shared record flow with the Front adapter. */
export function SidebarApp({ adapter, api, pageUrl }: SidebarAppProps) {
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);
  const [notice, setNotice] = useState<PanelNotice>(null);
  // The teammate's address prefills sign-in. Read ahead: the window must open in the click itself.
  const { email } = useHostContext(adapter);
  // A message recorded in a window comes back as a link: Front's drafts get no MP3 from here.
  const host = useMemo(
    () =>
      withWindowRecording(adapter, {
        onWindowError: (text) => setNotice({ tone: 'error', text }),
      }),
    [adapter],
  );

  const openSignInWindow = () =>
    adapter.signInWithDialog ? adapter.signInWithDialog(signInWindowUrl('front-app', pageUrl, email)) : Promise.resolve(null);

  return (
    <HostPanel
      className="front-sidebar"
      api={api}
      signedIn={signedIn}
      account={account}
      signedOut={<SignedOutPanel api={api} openSignInWindow={openSignInWindow} />}
      heading="Record a voice message"
      notice={notice}
      setNotice={setNotice}
      host={host}
      pageUrl={pageUrl}
      recordInWindowUrl={recordWindowUrl('front-app', pageUrl)}
      // Where Front gave nowhere to write (several conversations selected), say so beside the link.
      onShared={(_share, outcome) => setNotice(outcome.inserted ? null : { tone: 'info', text: outcome.reason })}
    />
  );
}
