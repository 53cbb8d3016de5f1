import './extension-panel.css';
import { useMemo, useState, type ReactNode } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter, InsertOutcome, Share } from '@vocal/host-contract';
import { BrandHeader, HostPanel, Notice, useAccount, useSignedIn, type PanelNotice } from '@vocal/host-shell';
import { Button, Spinner } from '@vocal/ui-kit';
import type { MicrophoneAccess } from '../host/microphone-access.ts';
import { MicrophoneGate } from './microphone-gate.tsx';
import { useMicrophoneState } from './use-microphone-state.ts';

export type ExtensionPanelProps = {
  /** The compose window's or the popup's adapter (or a fake in tests). */
  adapter: HostAdapter;
  api: ApiClient;
  microphone: MicrophoneAccess;
  /** Opens our web app's sign-in tab; the session arrives through the handoff. */
  openSignIn(): Promise<void>;
  /** Our server's address: the upgrade page is there. */
  server: string;
  /** The compose frame's Close (the popup closes itself). */
  onClose?(): void;
  /** What the signed-out panel says Vocal does here. */
  lead: string;
};

/**
 * The extension's panel, in the compose frame and the popup alike: sign in through the web app
 * (a tab), allow the microphone once (a tab), then the shared record flow with this surface's
 * adapter.
 */
export function ExtensionPanel(props: ExtensionPanelProps) {
  const { adapter, api, microphone, onClose } = props;
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);
  const microphoneState = useMicrophoneState(microphone);
  const [notice, setNotice] = useState<PanelNotice>(null);
  const [signInOpened, setSignInOpened] = useState(false);

  const close = useMemo(
    () =>
      onClose ? (
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      ) : null,
    [onClose],
  );
  const controls = useMemo(
    () => ({
      signOut: (signOut: () => Promise<void>) => (
        <div className="extension-panel__actions">
          <Button size="sm" variant="ghost" onClick={signOut}>
            Sign out
          </Button>
          {close}
        </div>
      ),
    }),
    [close],
  );

  const signedOut = (
    <section className="extension-panel__intro" aria-labelledby="extension-title">
      <h1 id="extension-title" className="extension-panel__title">
        Voice messages in your email
      </h1>
      <p className="extension-panel__lead">{props.lead}</p>
      <Button
        block
        onClick={async () => {
          await props.openSignIn();
          setSignInOpened(true);
        }}
      >
        Sign in
      </Button>
      <p className="extension-panel__hint" role="status">
        {signInOpened
          ? 'Finish signing in in the Vocal tab. This panel carries on by itself once you have.'
          : 'Sign-in opens Vocal in a new tab. New here? The same tab creates your account.'}
      </p>
      {close ? <div className="extension-panel__actions">{close}</div> : null}
    </section>
  );

  if (signedIn && microphoneState !== 'granted') {
    return (
      <main className="extension-panel">
        <BrandHeader>{controls.signOut(async () => api.logout())}</BrandHeader>
        {microphoneState === null ? (
          <Spinner label="Checking the microphone" />
        ) : (
          <MicrophoneGate state={microphoneState} openGrantPage={() => microphone.openGrantPage()} />
        )}
      </main>
    );
  }

  // Where the link could not go in, the person hears why and what to do (paste it).
  const onShared = (_share: Share, outcome: InsertOutcome) => setNotice(outcome.inserted ? null : { tone: 'info', text: outcome.reason });

  return (
    <HostPanel
      className="extension-panel"
      api={api}
      signedIn={signedIn}
      account={account}
      signedOut={signedOut}
      heading="Record a voice message"
      notice={notice}
      setNotice={setNotice}
      host={adapter}
      pageUrl={props.server}
      onShared={onShared}
      controls={controls}
    />
  );
}

/** A page's notice while it cannot start (no server named, storage refused). */
export function ExtensionProblem({ children }: { children: ReactNode }) {
  return (
    <main className="extension-panel">
      <BrandHeader />
      <Notice tone="error">{children}</Notice>
    </main>
  );
}
