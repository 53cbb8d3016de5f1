import { useMemo, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter, InsertOutcome } from '@vocal/host-contract';
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

export type WidgetAppProps = {
  /** The Zoho Mail adapter, recording in a browser tab through a handoff (or a fake in tests). */
  adapter: HostAdapter;
  api: ApiClient;
  /** Our server's address: the upgrade page and the record page are there, not on Zoho's origin. */
  serverUrl: string;
  /** The wait for a message recorded in a browser tab, shown while it lasts. */
  handoff?: HandoffWaitStore;
};

/** The widget: sign in right here, then the shared record flow with the Zoho Mail adapter. */
export function WidgetApp({ adapter, api, serverUrl, handoff }: WidgetAppProps) {
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);
  const [notice, setNotice] = useState<PanelNotice>(null);
  // Zoho's widget only ever hands back a link: there is no attachment to add from a browser tab.
  const host = useMemo(
    () =>
      withWindowRecording(adapter, {
        onWindowError: (text) => setNotice({ tone: 'error', text }),
      }),
    [adapter],
  );

  // Where Zoho could not take the link, the person hears why and what to do (paste it).
  const onShared = (_share: unknown, outcome: InsertOutcome) => setNotice(outcome.inserted ? null : { tone: 'info', text: outcome.reason });

  return (
    <HostPanel
      className="widget"
      api={api}
      signedIn={signedIn}
      account={account}
      signedOut={
        <PanelSignIn
          api={api}
          title="Voice messages in your email"
          lead="Record a message and Vocal puts its link into the email you are writing."
        />
      }
      heading="Record a voice message"
      notice={notice}
      setNotice={setNotice}
      host={host}
      pageUrl={serverUrl}
      recordInWindowUrl={recordWindowUrl('zoho-mail', serverUrl)}
      handoff={{ store: handoff, hostName: POPUP_HOSTS['zoho-mail'].name }}
      onShared={onShared}
    />
  );
}
