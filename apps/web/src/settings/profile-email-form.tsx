import { useState, type FormEvent } from 'react';
import type { User } from '@vocal/settings-model';
import { Button, PasswordField, TextField } from '@vocal/ui-kit';
import { useAccountSave } from './use-account-save.ts';

type Outcome = { kind: 'idle' } | { kind: 'sent'; address: string } | { kind: 'failed'; message: string };

/**
 * A new email address is not taken at once: the server mails a confirmation link to it and
 * keeps the current one until the link is opened (the hub then says how it went).
 */
export function ProfileEmailForm({ user }: { user: User }) {
  const saveAccount = useAccountSave();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address || address.toLowerCase() === user.email.toLowerCase()) {
      setOutcome({ kind: 'failed', message: 'Enter the new address you want to use.' });
      return;
    }
    if (!password) {
      setOutcome({ kind: 'failed', message: 'Enter your current password to change your address.' });
      return;
    }
    setSending(true);
    const saved = await saveAccount({ email: address, currentPassword: password });
    setSending(false);
    if (!saved.ok) return setOutcome({ kind: 'failed', message: saved.message });
    setPassword('');
    setEmail('');
    setOutcome({ kind: 'sent', address });
  }

  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate>
      <p className="profile-form__current">
        Your address is <strong>{user.email}</strong>.
      </p>
      <TextField
        label="New email address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="save-bar">
        <Button type="submit" variant="secondary" loading={sending} loadingLabel="Sending…">
          Send confirmation link
        </Button>
        <p className="save-bar__status" role="status" aria-live="polite">
          {outcome.kind === 'sent'
            ? `We sent a link to ${outcome.address}. Your address changes when you open it; until then it stays ${user.email}.`
            : null}
          {outcome.kind === 'failed' ? <span className="save-bar__error">{outcome.message}</span> : null}
        </p>
      </div>
    </form>
  );
}
