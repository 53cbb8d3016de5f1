import { useMemo, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter } from '@vocal/host-contract';
import {
  HostPanel,
  PanelSignIn,
  POPUP_HOSTS,
  recordWindowUrl,
  useAccount,
  useHostContext,
  useSignedIn,
  withWindowRecording,
  type HandoffWaitStore,
  type PanelNotice,
} from '@vocal/host-shell';

export type SidebarAppProps = {
  /** The Front adapter, recording in a browser tab through a handoff (or a fake in tests). */
  adapter: HostAdapter;
  api: ApiClient;
  /** The sidebar's own URL: our pages are on its origin. */
  pageUrl: string;
  /** The wait for a message recorded in the browser, shown while it lasts. */
  handoff?: HandoffWaitStore;
};

/** The plugin's sidebar: sign in right here, then the shared record flow with the Front adapter. */
export function SidebarApp({ adapter, api, pageUrl, handoff }: SidebarAppProps) {
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);
  const [notice, setNotice] = useState<PanelNotice>(null);
  // The teammate's address prefills sign-in.
  const { email } = useHostContext(adapter);
  // A message recorded in the browser comes back as a link: Front's drafts get no MP3 from here.
  const host = useMemo(
    () =>
      withWindowRecording(adapter, {
        onWindowError: (text) => setNotice({ tone: 'error', text }),
      }),
    [adapter],
  );

  return (
    <HostPanel
      className="front-sidebar"
      api={api}
      signedIn={signedIn}
      account={account}
      signedOut={
        <PanelSignIn
          api={api}
          title="Voice messages in your replies"
          lead="Record a message and Vocal puts its link in the reply you are writing. Customers just click and hear you."
          initialEmail={email}
        />
      }
      heading="Record a voice message"
      notice={notice}
      setNotice={setNotice}
      host={host}
      pageUrl={pageUrl}
      recordInWindowUrl={recordWindowUrl('front-app', pageUrl)}
      handoff={{ store: handoff, hostName: POPUP_HOSTS['front-app'].name }}
      // Where Front gave nowhere to write (several conversations selected), say so beside the link.
      onShared={(_share, outcome) => setNotice(outcome.inserted ? null : { tone: 'info', text: outcome.reason })}
    />
  );
}
