import { useMemo } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter } from '@vocal/host-contract';
import {
  HostPanel,
  recordWindowUrl,
  useAccount,
  useHostContext,
  useSignedIn,
  useWindowSignIn,
  withWindowRecording,
  type HandoffWaitStore,
} from '@vocal/host-shell';
import { signInWindowUrl } from '../shared/page-urls.ts';
import { SignedOutPanel } from './signed-out-panel.tsx';
import type { MicrosoftSignIn } from './use-microsoft-sign-in.ts';

export type TabAppProps = {
  /** The Teams adapter (or a fake in tests). */
  adapter: HostAdapter;
  api: ApiClient;
  /** The tab's own URL: the sign-in window's page is beside it, the record window on the same origin. */
  pageUrl: string;
  /** Single sign-on with the person's Microsoft account, where this server and Teams allow it. */
  microsoft?: MicrosoftSignIn;
  /** On a phone, the wait for a message recorded in the browser, shown while it lasts. */
  handoff?: HandoffWaitStore;
};

/**
 * The personal tab, and a channel or chat tab once configured: sign in (with Microsoft, or in
 * the window Teams opens), then the shared record flow, whose finished link goes into Teams'
 * share box.
 */
export function TabApp({ adapter, api, pageUrl, microsoft, handoff }: TabAppProps) {
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);
  const context = useHostContext(adapter);
  const openSignInWindow = useMemo(() => {
    const signInWithDialog = adapter.signInWithDialog;
    return signInWithDialog ? () => signInWithDialog.call(adapter, signInWindowUrl(pageUrl, context.email)) : undefined;
  }, [adapter, pageUrl, context.email]);
  const { signIn, notice, setNotice } = useWindowSignIn(api, openSignInWindow);
  // A record window that cannot open (a blocked popup) or fails becomes a notice. Teams has no
  // attachments, so a message recorded there comes back as its link alone.
  const host = useMemo(
    () => withWindowRecording(adapter, { onWindowError: (text) => setNotice({ tone: 'error', text }) }),
    [adapter, setNotice],
  );

  return (
    <HostPanel
      className="teams-page"
      api={api}
      signedIn={signedIn}
      account={account}
      signedOut={<SignedOutPanel onSignIn={signIn} microsoft={microsoft} onNotice={setNotice} notice={notice} />}
      intro={
        <div className="teams-page__intro">
          <h1 className="teams-page__title">Record a voice message</h1>
          <p className="teams-page__lead">When you stop, Teams’ share box opens with the link: pick the chat or channel it goes to.</p>
        </div>
      }
      notice={notice}
      setNotice={setNotice}
      host={host}
      pageUrl={pageUrl}
      recordInWindowUrl={host.recordInWindow ? recordWindowUrl('ms-teams', pageUrl) : undefined}
      handoff={{ store: handoff, hostName: 'Teams' }}
    />
  );
}
