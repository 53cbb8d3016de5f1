import '../accounts/account-pages.css';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { AccountCard, EmailField, SubmitButton } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async () => {
    if (!email.trim()) return setError('Enter your email address');
    setError(null);
    const result = await webApi().forgotPassword({ email });
    if (!result.ok) return setError(result.error.msg.replace(/^email: /, 'Email '));
    setSent(result.data.msg);
  };

  return (
    <div className="account-page">
      <AccountCard title="Reset your password">
        {sent ? (
          <p className="account-page__notice" role="status">
            {sent}
          </p>
        ) : (
          <>
            <p className="vk-sign-in__lead">Enter the email address you sign in with. We will email you a link to choose a new password.</p>
            <form className="vk-sign-in__form" onSubmit={(event: FormEvent) => event.preventDefault()} noValidate>
              <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={error ?? undefined} required />
              <SubmitButton block loadingLabel="Sending…" onSubmit={submit}>
                Send reset link
              </SubmitButton>
            </form>
          </>
        )}
        <p className="vk-sign-in__footer">
          <Link href="/login">Back to sign in</Link>
        </p>
      </AccountCard>
    </div>
  );
}
