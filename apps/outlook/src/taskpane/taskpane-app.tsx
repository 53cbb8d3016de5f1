import { useCallback, useMemo, useRef } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter } from '@vocal/host-contract';
import type { Personalisation } from '@vocal/settings-model';
import { HostPanel, useAccount, useHostContext, useSignedIn, useWindowSignIn, withWindowRecording } from '@vocal/host-shell';
import { recordDialogUrl, signInDialogUrl } from '../shared/add-in-urls.ts';
import type { MicrophonePermission } from '../host/outlook-microphone-permission.ts';
import { fetchShareAudio } from './fetch-share-audio.ts';
import { MicrophonePermissionStep } from './microphone-permission-step.tsx';
import { SignedOutPanel } from './signed-out-panel.tsx';
import { useMicrophonePermission } from './use-microphone-permission.ts';

export type TaskpaneAppProps = {
  /** The Outlook adapter (or a fake in tests). */
  adapter: HostAdapter;
  api: ApiClient;
  /** The taskpane's own URL: the dialog pages are beside it. */
  pageUrl: string;
  /** Office's permission for the microphone, where the client has one (DevicePermission 1.1). */
  microphonePermission?: MicrophonePermission | null;
  /** Keeps the session for the reload a first grant needs (taskpane.tsx: through sessionStorage). */
  carrySession?: () => void;
  /** Reloads the taskpane (after a first grant); the page's own reload by default. */
  reload?: () => void;
};

const reloadPage = () => window.location.reload();
const noCarry = () => undefined;

/** The taskpane: sign in through Office's dialog, then the shared record flow with the Outlook adapter. */
export function TaskpaneApp(props: TaskpaneAppProps) {
  const { adapter, api, pageUrl, microphonePermission = null, carrySession = noCarry, reload = reloadPage } = props;
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);
  const context = useHostContext(adapter);
  const openSignIn = adapter.signInWithDialog;
  const { signIn, notice, setNotice } = useWindowSignIn(
    api,
    openSignIn && (() => openSignIn.call(adapter, signInDialogUrl(pageUrl, context.email))),
  );

  // A first grant reloads the taskpane (Office's rule); the session rides across in sessionStorage.
  const microphone = useMicrophonePermission(microphonePermission, {
    storage: window.localStorage,
    beforeReload: carrySession,
    reload,
    onRefused: useCallback(
      () =>
        setNotice({
          tone: 'info',
          text: 'Outlook did not allow the microphone here. When you start recording, Vocal offers to record in a new window instead.',
        }),
      [setNotice],
    ),
  });

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
      heading="Record a voice message"
      api={api}
      signedIn={signedIn}
      account={account}
      signedOut={<SignedOutPanel onSignIn={signIn} notice={notice} />}
      notice={notice}
      setNotice={setNotice}
      host={host}
      pageUrl={pageUrl}
      recordInWindowUrl={recordDialogUrl(pageUrl)}
      beforeRecording={
        microphone.stage === 'ready' ? undefined : <MicrophonePermissionStep stage={microphone.stage} onAllow={microphone.allow} />
      }
    />
  );
}
