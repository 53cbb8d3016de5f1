import './window-page.css';
import { useEffect, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter } from '@vocal/host-contract';
import type { ConversationKey } from '@vocal/settings-model';
import { RecordFlow, SignInForm, Spinner } from '@vocal/ui-kit';
import { AccountNotReady } from '../account-not-ready.tsx';
import { openLinksOutside } from '../open-links-outside.ts';
import { upgradeUrl } from '../upgrade-url.ts';
import { useAccount } from '../use-account.ts';
import { useSignedIn } from '../use-signed-in.ts';
import type { SessionReply, WindowToOpenerMessage } from './window-messages.ts';
import { WindowHeader } from './window-header.tsx';

export type RecordWindowProps = {
  api: ApiClient;
  /** The window's adapter (createWindowAdapter): it hands the finished message to the panel. */
  host: HostAdapter;
  /** Tells the panel something; never throws (a window without a panel tells no one). */
  send(message: WindowToOpenerMessage): void;
  /** Asks the panel for its session; null when it could not answer. */
  borrowSession(): Promise<SessionReply | null>;
  /** The person gives up; absent where there is no panel to tell. */
  onCancel?: () => void;
  /** The host's name as people know it: "Connecting to Outlook". */
  hostName: string;
  /** Under the title: where the link will go ("When you stop, the link goes into your email in Outlook."). */
  lead: string;
  pageUrl: string;
  initialEmail?: string;
};

/**
 * The record window, for hosts that give their panel no microphone: the same record flow in
 * a real window, with the panel's session borrowed (or a sign-in of its own where the panel
 * cannot lend it). Tokens it gets or rotates go back to the panel, so the two never hold a
 * spent refresh token.
 */
export function RecordWindow({ api, host, send, borrowSession, onCancel, hostName, lead, pageUrl, initialEmail }: RecordWindowProps) {
  const [connecting, setConnecting] = useState(true);
  const [subject, setSubject] = useState<string | undefined>(undefined);
  const [conversation, setConversation] = useState<ConversationKey | undefined>(undefined);
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe = () => {};
    void borrowSession().then((reply) => {
      if (cancelled) return;
      if (reply?.tokens) api.session.setTokens(reply.tokens);
      if (reply?.subject) setSubject(reply.subject);
      if (reply?.conversation) setConversation(reply.conversation);
      // Subscribed after the borrowed tokens are in: every later change is news for the panel.
      unsubscribe = api.session.subscribe((next) => {
        if (next) send({ type: 'session-updated', tokens: next });
      });
      setConnecting(false);
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [api, borrowSession, send]);

  const header = <WindowHeader onCancel={onCancel} />;

  if (connecting) {
    return (
      <main className="host-window" onClick={openLinksOutside}>
        {header}
        <div className="host-loading">
          <Spinner label={`Connecting to ${hostName}`} />
        </div>
      </main>
    );
  }

  if (!signedIn) {
    return (
      <main className="host-window" onClick={openLinksOutside}>
        {header}
        <SignInForm
          title="Sign in to record"
          initialEmail={initialEmail}
          onSubmit={async (credentials) => {
            const result = await api.signIn(credentials);
            return result.ok ? { ok: true } : { ok: false, message: result.error.msg };
          }}
        />
      </main>
    );
  }

  return (
    <main className="host-window" onClick={openLinksOutside}>
      {header}
      <h1 className="host-window__title">Record your message</h1>
      <p className="host-window__lead">{lead}</p>
      {account.status === 'ready' ? (
        <RecordFlow
          host={host}
          api={api}
          plan={account.user.plan}
          settings={account.settings}
          subject={subject}
          conversation={conversation}
          upgradeUrl={upgradeUrl(pageUrl)}
        />
      ) : (
        <AccountNotReady account={account} />
      )}
    </main>
  );
}
