import { useState } from 'react';
import type { User } from '@vocal/settings-model';
import { Button } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';
import './confirm-address-notice.css';

type Sending = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * Shown above every signed-in page until the account's address is confirmed: what waits on it
 * (the server mails it nothing else and keeps the contact form and collect page closed) and a
 * way to have the link sent again. Everything else works meanwhile.
 */
export function ConfirmAddressNotice({ user }: { user: User | null }) {
  const [sending, setSending] = useState<Sending>({ kind: 'idle' });
  if (!user || user.emailConfirmed) return null;

  async function sendAgain() {
    setSending({ kind: 'sending' });
    const result = await webApi().resendEmailConfirmation();
    setSending(result.ok ? { kind: 'sent' } : { kind: 'failed', message: result.error.msg });
  }

  return (
    <section className="confirm-address" aria-labelledby="confirm-address-title">
      <div className="confirm-address__text">
        <h2 id="confirm-address-title" className="confirm-address__title">
          Confirm your email address
        </h2>
        <p>
          We sent a link to <strong>{user.email}</strong>. Until you open it, your contact form and collection stay closed and we send you
          no notifications.
        </p>
        <p className="confirm-address__status" role="status" aria-live="polite">
          {sending.kind === 'sent' ? `A new link is on its way to ${user.email}.` : null}
          {sending.kind === 'failed' ? <span className="confirm-address__error">{sending.message}</span> : null}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="confirm-address__action"
        loading={sending.kind === 'sending'}
        loadingLabel="Sending…"
        onClick={() => void sendAgain()}
      >
        Send the link again
      </Button>
    </section>
  );
}
