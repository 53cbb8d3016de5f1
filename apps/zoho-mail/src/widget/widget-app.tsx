import { useMemo, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter, InsertOutcome } from '@vocal/host-contract';
import {
  HostPanel,
  WindowSignInButton,
  recordWindowUrl,
  signInWindowUrl,
  useAccount,
  useSignedIn,
  withWindowRecording,
  type PanelNotice,
} from '@vocal/host-shell';

export type WidgetAppProps = {
  /** The Zoho Mail adapter with our popup windows (or a fake in tests). */
  adapter: HostAdapter;
  api: ApiClient;
  /** The widget page's own URL: the sign-in and record windows are on its origin. */
  pageUrl: string;
};

/** The widget: sign in through a window of ours, then the shared record flow with the Zoho Mail adapter. */
export function WidgetApp({ adapter, api, pageUrl }: WidgetAppProps) {
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);
  const [notice, setNotice] = useState<PanelNotice>(null);
  // Zoho's widget only ever hands back a link: there is no attachment to add from a window.
  const host = useMemo(
    () =>
      withWindowRecording(adapter, {
        onWindowError: (text) => setNotice({ tone: 'error', text }),
      }),
    [adapter],
  );

  const openSignIn = adapter.signInWithDialog;
  const signedOut = (
    <section className="widget__intro" aria-labelledby="widget-title">
      <h1 id="widget-title" className="widget__title">
        Voice messages in your email
      </h1>
      <p className="widget__lead">Record a message and Vocal puts its link into the email you are writing.</p>
      {openSignIn ? (
        <WindowSignInButton api={api} openWindow={() => openSignIn.call(adapter, signInWindowUrl('zoho-mail', pageUrl))} />
      ) : null}
      <p className="widget__hint">Sign-in opens in a separate window. New here? The same window creates your account.</p>
    </section>
  );

  // Where Zoho could not take the link, the person hears why and what to do (paste it).
  const onShared = (_share: unknown, outcome: InsertOutcome) => setNotice(outcome.inserted ? null : { tone: 'info', text: outcome.reason });

  return (
    <HostPanel
      className="widget"
      api={api}
      signedIn={signedIn}
      account={account}
      signedOut={signedOut}
      heading="Record a voice message"
      notice={notice}
      setNotice={setNotice}
      host={host}
      pageUrl={pageUrl}
      recordInWindowUrl={recordWindowUrl('zoho-mail', pageUrl)}
      onShared={onShared}
    />
  );
}
