import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter, HostContext } from '@vocal/host-contract';
import type { Personalisation } from '@vocal/settings-model';
import { Button, RecordFlow } from '@vocal/ui-kit';
import { recordDialogUrl, signInDialogUrl, upgradeUrl } from '../shared/add-in-urls.ts';
import { AccountNotReady } from '../shared/account-not-ready.tsx';
import { BrandHeader } from '../shared/brand-header.tsx';
import { Notice } from '../shared/notice.tsx';
import { openLinksOutside } from '../shared/open-links-outside.ts';
import { useAccount } from '../shared/use-account.ts';
import { useSignedIn } from '../shared/use-signed-in.ts';
import { fetchShareAudio } from './fetch-share-audio.ts';
import { SignedOutPanel } from './signed-out-panel.tsx';
import { withWindowRecording } from './with-window-recording.ts';

export type TaskpaneAppProps = {
  /** The Outlook adapter (or a fake in tests). */
  adapter: HostAdapter;
  api: ApiClient;
  /** The taskpane's own URL: the dialog pages are beside it. */
  pageUrl: string;
};

type NoticeState = { tone: 'info' | 'error'; text: string } | null;

/** The taskpane: sign in through Office's dialog, then the shared record flow with the Outlook adapter. */
export function TaskpaneApp({ adapter, api, pageUrl }: TaskpaneAppProps) {
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);
  const [context, setContext] = useState<HostContext>({});
  const [notice, setNotice] = useState<NoticeState>(null);

  useEffect(() => {
    let cancelled = false;
    adapter.ready().then(
      (hostContext) => !cancelled && setContext(hostContext),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [adapter]);

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
    [adapter, api],
  );

  const signIn = async () => {
    setNotice(null);
    if (!adapter.signInWithDialog) return;
    try {
      const tokens = await adapter.signInWithDialog(signInDialogUrl(pageUrl, context.email));
      if (tokens) api.session.setTokens(tokens);
      else setNotice({ tone: 'info', text: 'Sign-in was cancelled.' });
    } catch (error) {
      setNotice({ tone: 'error', text: `The sign-in window could not open. ${error instanceof Error ? error.message : ''}`.trim() });
    }
  };

  if (!signedIn) {
    return (
      <div className="taskpane" onClick={openLinksOutside}>
        <BrandHeader />
        <SignedOutPanel onSignIn={signIn} notice={notice} />
      </div>
    );
  }

  const signOut = async () => {
    setNotice(null);
    await api.logout();
  };

  return (
    <div className="taskpane" onClick={openLinksOutside}>
      <BrandHeader>
        <Button size="sm" variant="ghost" onClick={signOut}>
          Sign out
        </Button>
      </BrandHeader>
      {account.status === 'ready' ? <p className="taskpane__who">Signed in as {account.user.email}</p> : null}
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {account.status !== 'ready' ? (
        <AccountNotReady account={account} />
      ) : (
        <RecordFlow
          host={host}
          api={api}
          plan={account.user.plan}
          settings={account.settings}
          recordInWindowUrl={recordDialogUrl(pageUrl)}
          upgradeUrl={upgradeUrl(pageUrl)}
        />
      )}
    </div>
  );
}
