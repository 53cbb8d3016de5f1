import { useEffect, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter } from '@vocal/host-contract';
import { Button, RecordFlow, SignInForm, Spinner } from '@vocal/ui-kit';
import type { DialogToParentMessage } from '../protocol/dialog-messages.ts';
import { upgradeUrl } from '../shared/add-in-urls.ts';
import { AccountNotReady } from '../shared/account-not-ready.tsx';
import { BrandHeader } from '../shared/brand-header.tsx';
import { openLinksOutside } from '../shared/open-links-outside.ts';
import { useAccount } from '../shared/use-account.ts';
import { useSignedIn } from '../shared/use-signed-in.ts';
import type { SessionReply } from './request-session.ts';

export type RecordDialogProps = {
  api: ApiClient;
  /** The record window's adapter: it hands the finished message to the taskpane. */
  host: HostAdapter;
  send(message: DialogToParentMessage): void;
  /** Asks the taskpane for its session; null when it could not answer. */
  borrowSession(): Promise<SessionReply | null>;
  pageUrl: string;
  initialEmail?: string;
};

/**
 * The record window, for Outlook clients that give the taskpane no microphone: the same
 * record flow in a real window, with the taskpane's session borrowed through the dialog API
 * (or a sign-in of its own where the client cannot pass it). Tokens it gets or rotates go
 * back to the taskpane, so the two never hold a spent refresh token.
 */
export function RecordDialog({ api, host, send, borrowSession, pageUrl, initialEmail }: RecordDialogProps) {
  const [connecting, setConnecting] = useState(true);
  const [subject, setSubject] = useState<string | undefined>(undefined);
  const signedIn = useSignedIn(api);
  const account = useAccount(api, signedIn);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe = () => {};
    void borrowSession().then((reply) => {
      if (cancelled) return;
      if (reply?.tokens) api.session.setTokens(reply.tokens);
      if (reply?.subject) setSubject(reply.subject);
      // Subscribed after the borrowed tokens are in: every later change is news for the taskpane.
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

  const cancel = () => send({ type: 'cancelled' });
  const header = (
    <BrandHeader>
      <Button size="sm" variant="ghost" onClick={cancel}>
        Cancel
      </Button>
    </BrandHeader>
  );

  if (connecting) {
    return (
      <div className="dialog-page" onClick={openLinksOutside}>
        {header}
        <div className="taskpane__loading">
          <Spinner label="Connecting to Outlook" />
        </div>
      </div>
    );
  }

  if (!signedIn) {
    return (
      <div className="dialog-page" onClick={openLinksOutside}>
        {header}
        <SignInForm
          title="Sign in to record"
          initialEmail={initialEmail}
          onSubmit={async (credentials) => {
            const result = await api.signIn(credentials);
            return result.ok ? { ok: true } : { ok: false, message: result.error.msg };
          }}
        />
      </div>
    );
  }

  return (
    <div className="dialog-page" onClick={openLinksOutside}>
      {header}
      <h1 className="dialog-page__title">Record your message</h1>
      <p className="dialog-page__lead">When you stop, the link goes into your email in Outlook.</p>
      {account.status === 'ready' ? (
        <RecordFlow
          host={host}
          api={api}
          plan={account.user.plan}
          settings={account.settings}
          subject={subject}
          upgradeUrl={upgradeUrl(pageUrl)}
        />
      ) : (
        <AccountNotReady account={account} />
      )}
    </div>
  );
}
