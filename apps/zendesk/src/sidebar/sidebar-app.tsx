import { useMemo } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter } from '@vocal/host-contract';
import {
  HostPanel,
  recordWindowUrl,
  signInWindowUrl,
  useAccount,
  useHostContext,
  useSignedIn,
  useWindowSignIn,
  withWindowRecording,
  type HostPanelControls,
} from '@vocal/host-shell';
import { SidebarButton, SidebarHint, SidebarNotice } from '../host/garden/sidebar-controls.tsx';
import { SignedOutPanel } from './signed-out-panel.tsx';

export type SidebarAppProps = {
  /** The Zendesk adapter with our popup windows (or a fake in tests). */
  adapter: HostAdapter;
  api: ApiClient;
  /** The sidebar page's own URL: the sign-in and record windows are on its origin. */
  pageUrl: string;
};

// The panel's controls in Garden, so the sidebar looks like the rest of the agent's workspace.
const gardenControls: HostPanelControls = {
  signOut: (signOut) => (
    <SidebarButton variant="basic" small onClick={signOut}>
      Sign out
    </SidebarButton>
  ),
  who: (email) => <SidebarHint>Signed in as {email}</SidebarHint>,
  notice: (notice) => <SidebarNotice tone={notice.tone}>{notice.text}</SidebarNotice>,
};

/** The ticket sidebar: sign in through our window, then the shared record flow with the Zendesk adapter. */
export function SidebarApp({ adapter, api, pageUrl }: SidebarAppProps) {
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);
  const context = useHostContext(adapter);

  const openSignIn = adapter.signInWithDialog
    ? () => adapter.signInWithDialog!(signInWindowUrl('zendesk', pageUrl, context.email))
    : undefined;
  const { signIn, notice, setNotice } = useWindowSignIn(api, openSignIn);

  // Zendesk replies carry no files: a message recorded in the window arrives as its link alone.
  const host = useMemo(
    () =>
      withWindowRecording(adapter, {
        onWindowError: (text) => setNotice({ tone: 'error', text }),
      }),
    [adapter, setNotice],
  );

  return (
    <HostPanel
      className="sidebar"
      api={api}
      signedIn={signedIn}
      account={account}
      signedOut={<SignedOutPanel onSignIn={signIn} notice={notice} />}
      heading="Voice reply to this ticket"
      notice={notice}
      setNotice={setNotice}
      host={host}
      pageUrl={pageUrl}
      recordInWindowUrl={recordWindowUrl('zendesk', pageUrl)}
      controls={gardenControls}
    />
  );
}
