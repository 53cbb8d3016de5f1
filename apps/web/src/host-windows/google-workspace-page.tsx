import './handoff-pages.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import {
  BrandHeader,
  createHostApi,
  HostPanel,
  lendHostSession,
  recordWindowUrl,
  signInWindowUrl,
  useAccount,
  useSignedIn,
  WindowSignInButton,
  withPopupWindows,
  withWindowRecording,
  type PanelNotice,
} from '@vocal/host-shell';
import { recordingHandoffIdSchema } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { createGoogleDocsHandoffAdapter, sidebarMessageSchema, type SharedNotice } from './handoff-adapters.ts';

type CodeState = 'checking' | 'open' | 'gone' | 'missing' | { failed: string };

const REOPEN = 'Close the sidebar and open it again from Extensions → Vocal → Record a voice message.';

/**
 * /record/google-workspace?handoff=<code>: the Google Docs add-on's sidebar frames this page
 * (inside Google's HtmlService frame). Like every host's panel it signs in through a window
 * of ours and keeps the session in memory; when the frame has no microphone it records in
 * a window (/record/google-workspace/window). The finished message goes to the add-on
 * through the sidebar's one-time code, and the add-on puts the link at the cursor.
 */
export default function GoogleWorkspacePage() {
  const initialId = new URLSearchParams(useSearch()).get('handoff');
  const [hostApi] = useState(() => createHostApi());
  const { api } = hostApi;
  const handoff = useRef(initialId ?? '');
  const [code, setCode] = useState<CodeState>(() => (recordingHandoffIdSchema.safeParse(initialId).success ? 'checking' : 'missing'));
  const [notice, setNotice] = useState<PanelNotice>(null);
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);
  const pageUrl = window.location.href;

  useEffect(() => {
    if (code !== 'checking') return;
    void api.getRecordingHandoff(handoff.current).then((result) => {
      if (result.ok) setCode(result.data.status === 'waiting' ? 'open' : 'gone');
      else setCode(result.status === 404 ? 'gone' : { failed: result.error.msg });
    });
  }, [api, code]);

  // After a message went in, the sidebar gives the code for the next one.
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.source !== window.parent || window.parent === window) return;
      const parsed = sidebarMessageSchema.safeParse(event.data);
      if (parsed.success) handoff.current = parsed.data.id;
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  const host = useMemo(() => {
    const adapter = createGoogleDocsHandoffAdapter(api, {
      current: () => handoff.current,
      // The sidebar's origin is one of Google's many script hosts; the notice holds only the code's id, no secret.
      tellSidebar: (notice: SharedNotice) => {
        if (window.parent !== window) window.parent.postMessage(notice, '*');
      },
    });
    return withWindowRecording(withPopupWindows(adapter, lendHostSession(hostApi)), {
      onWindowError: (text) => setNotice({ tone: 'error', text }),
    });
  }, [api, hostApi]);

  const explain = (title: string, text: string) => (
    <main className="docs-panel">
      <BrandHeader />
      <h1 className="handoff-page__title">{title}</h1>
      <p className="handoff-page__lead">{text}</p>
    </main>
  );

  if (code === 'missing') {
    return explain('Open Vocal from Google Docs', `This page records for the Vocal add-on in a document. ${REOPEN}`);
  }
  if (code === 'gone')
    return explain('This sidebar’s recording link has expired', `Each link works for 30 minutes and one message. ${REOPEN}`);
  if (typeof code === 'object') return explain('Vocal could not open this recording link', `${code.failed} ${REOPEN}`);
  if (code === 'checking') {
    return (
      <main className="docs-panel">
        <BrandHeader />
        <div className="host-loading">
          <Spinner label="Connecting to Google Docs" />
        </div>
      </main>
    );
  }

  return (
    <HostPanel
      className="docs-panel"
      api={api}
      signedIn={signedIn}
      account={account}
      signedOut={
        <section className="docs-signed-out" aria-labelledby="docs-signed-out-title">
          <h1 id="docs-signed-out-title" className="handoff-page__title">
            Voice messages in your documents
          </h1>
          <p className="handoff-page__lead">
            Record a message and Vocal puts its link where your cursor is. Readers just click and hear you.
          </p>
          <WindowSignInButton
            api={api}
            openWindow={() =>
              host.signInWithDialog ? host.signInWithDialog(signInWindowUrl('google-docs', pageUrl)) : Promise.resolve(null)
            }
          />
          <p className="handoff-page__small">Sign-in opens in a separate window. New here? The same window creates your account.</p>
        </section>
      }
      heading="Record a voice message"
      notice={notice}
      setNotice={setNotice}
      host={host}
      pageUrl={pageUrl}
      recordInWindowUrl={recordWindowUrl('google-docs', pageUrl)}
      onShared={(_share, outcome) => setNotice(outcome.inserted ? null : { tone: 'info', text: outcome.reason })}
    />
  );
}
