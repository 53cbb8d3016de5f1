import '../accounts/account-pages.css';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { PASSWORD_MIN_LENGTH } from '@vocal/settings-model';
import { AccountCard, NewPasswordField, Spinner, SubmitButton } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';

/** The link's token rides in the hash (#token=…), so it never reaches a server log or a Referer header. */
const tokenFromHash = () => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';

type LinkState = { kind: 'checking' } | { kind: 'usable' } | { kind: 'spent'; message: string };

/** Where a reset link lands: checks the link at once, then sets the new password. */
export default function ResetPasswordPage() {
  const [, navigate] = useLocation();
  const [token] = useState(tokenFromHash);
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void webApi()
      .checkResetToken(token)
      .then((result) => {
        if (!current) return;
        setLink(result.ok ? { kind: 'usable' } : { kind: 'spent', message: result.error.msg.replace(/^token: /, 'This link ') });
      });
    return () => {
      current = false;
    };
  }, [token]);

  const submit = async () => {
    if (password.length < PASSWORD_MIN_LENGTH) return setError(`Use at least ${PASSWORD_MIN_LENGTH} characters`);
    setError(null);
    const result = await webApi().resetPassword({ token, password });
    if (result.ok) return navigate('/login?done=reset', { replace: true });
    if (/^password: /.test(result.error.msg)) return setError(result.error.msg.replace(/^password: /, 'Password '));
    setLink({ kind: 'spent', message: result.error.msg });
  };

  return (
    <div className="account-page">
      <AccountCard title="Choose a new password" busy={link.kind === 'checking'}>
        {link.kind === 'checking' ? (
          <p className="vk-sign-in__lead account-page__checking">
            <Spinner size="sm" decorative /> Checking your link…
          </p>
        ) : link.kind === 'spent' ? (
          <>
            <p className="account-page__problem" role="alert">
              {link.message}
            </p>
            <p className="vk-sign-in__footer">
              <Link href="/forgot-password">Ask for a new link</Link>
              <Link href="/login">Back to sign in</Link>
            </p>
          </>
        ) : (
          <>
            <p className="vk-sign-in__lead">Setting it signs your account out on every device; then sign in with the new password.</p>
            <form className="vk-sign-in__form" onSubmit={(event: FormEvent) => event.preventDefault()} noValidate>
              <NewPasswordField
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={error ?? undefined}
                required
              />
              <SubmitButton block loadingLabel="Saving…" onSubmit={submit}>
                Set new password
              </SubmitButton>
            </form>
          </>
        )}
      </AccountCard>
    </div>
  );
}
