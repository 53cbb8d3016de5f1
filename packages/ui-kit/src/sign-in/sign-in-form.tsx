import './sign-in-form.css';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH, type Credentials } from '@vocal/settings-model';
import { SubmitButton } from '../button/submit-button.tsx';
import { EmailField } from '../text-field/email-field.tsx';
import { PasswordField } from './password-field.tsx';
import { fieldErrorOf } from './field-error-of.ts';

/**
 * A refusal is an error unless `tone` is `info`: an answer that is not the person's mistake
 * (no account for this address yet), shown plainly with what to do next.
 */
export type SignInOutcome = { ok: true } | { ok: false; message: string; tone?: 'error' | 'info' };

export type SignInFormProps = {
  /** Signs in, or signs up a new email (the server does whichever applies). */
  onSubmit(credentials: Credentials): Promise<SignInOutcome>;
  /** Prefills the email, e.g. the address the host knows. */
  initialEmail?: string;
  title?: string;
  /** The sentence under the title; the default tells a host's user that a new email signs up. */
  lead?: ReactNode;
  /** After a refusal that is not about one field: what the person can do next, e.g. create the account. */
  failureAction?: (credentials: Credentials) => ReactNode;
  /** Under the button, e.g. "Forgot password?". */
  footer?: ReactNode;
};

/**
 * One form for signing in and signing up, shared by the web app and every host's sign-in
 * dialog. The server's messages ("email: ...", "password: ...") land on their field.
 */
export function SignInForm({
  onSubmit,
  initialEmail = '',
  title = 'Sign in to Vocal',
  lead = 'New here? Enter your email and choose a password: we will create your account.',
  failureAction,
  footer,
}: SignInFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [notice, setNotice] = useState<string | null>(null);

  const submit = async () => {
    const found: typeof errors = {};
    if (!email.trim()) found.email = 'Enter your email address';
    // The rule signing in shares with signing up; the server adds a new password's own rules
    // (not only spaces, not a common one), and its "password: ..." lands on the field below.
    if (password.length < PASSWORD_MIN_LENGTH) found.password = `Use at least ${PASSWORD_MIN_LENGTH} characters`;
    setErrors(found);
    setNotice(null);
    if (found.email || found.password) return;
    const outcome = await onSubmit({ email, password });
    if (outcome.ok) return;
    if (outcome.tone === 'info') setNotice(outcome.message);
    else setErrors(fieldErrorOf(outcome.message, { email: 'Email', password: 'Password' }));
  };

  return (
    <section className="vk-sign-in" aria-labelledby="vk-sign-in-title">
      <h1 id="vk-sign-in-title" className="vk-sign-in__title">
        {title}
      </h1>
      <p className="vk-sign-in__lead">{lead}</p>
      <form className="vk-sign-in__form" onSubmit={(event: FormEvent) => event.preventDefault()} noValidate>
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} required />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters; a new password must not be a common one.`}
          required
        />
        {errors.form ? (
          <div className="vk-sign-in__failure">
            <p className="vk-sign-in__error" role="alert">
              {errors.form}
            </p>
            {failureAction?.({ email, password })}
          </div>
        ) : null}
        {notice ? (
          <div className="vk-sign-in__notice" role="status">
            <p>{notice}</p>
            {failureAction?.({ email, password })}
          </div>
        ) : null}
        <SubmitButton block onSubmit={submit} loadingLabel="Signing in…">
          Continue
        </SubmitButton>
      </form>
      {footer}
    </section>
  );
}
