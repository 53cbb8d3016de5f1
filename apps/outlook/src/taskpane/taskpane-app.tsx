import { useMemo, useRef } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter } from '@vocal/host-contract';
import type { Personalisation } from '@vocal/settings-model';
import { HostPanel, useAccount, useHostContext, useSignedIn, useWindowSignIn, withWindowRecording } from '@vocal/host-shell';
import { recordDialogUrl, signInDialogUrl } from '../shared/add-in-urls.ts';
import { fetchShareAudio } from './fetch-share-audio.ts';
import { SignedOutPanel } from './signed-out-panel.tsx';

export type TaskpaneAppProps = {
  /** The Outlook adapter (or a fake in tests). */
  adapter: HostAdapter;
  api: ApiClient;
  /** The taskpane's own URL: the dialog pages are beside it. */
  pageUrl: string;
};

/** The taskpane: sign in through Office's dialog, then the shared record flow with the Outlook adapter. */
export function TaskpaneApp({ adapter, api, pageUrl }: TaskpaneAppProps) {
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);
  const context = useHostContext(adapter);
  const openSignIn = adapter.signInWithDialog;
  const { signIn, notice, setNotice } = useWindowSignIn(
    api,
    openSignIn && (() => openSignIn.call(adapter, signInDialogUrl(pageUrl, context.email))),
  );

  // The window path reads the attachment setting when its message arrives, not when the pane opened.
  const settings = useRef<Personalisation | null>(null);
  settings.current = account.status === 'ready' ? account.settings : null;
  const host = useMemo(
    () =>
      withWindowRecording(adapter, {
        attachment: () => settings.current?.attachment ?? null,
        fetchAudio: (share) => fetchShareAudio(api, share),
        onWindowError: (text) => setNotice({ tone: 'error', text }),
      }),
    [adapter, api, setNotice],
  );

  return (
    <HostPanel
      className="taskpane"
      api={api}
      signedIn={signedIn}
      account={account}
      signedOut={<SignedOutPanel onSignIn={signIn} notice={notice} />}
      notice={notice}
      setNotice={setNotice}
      host={host}
      pageUrl={pageUrl}
      recordInWindowUrl={recordDialogUrl(pageUrl)}
    />
  );
}
