import './sign-in-form.css';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '@vocal/settings-model';
import { SubmitButton } from '../button/submit-button.tsx';
import { EmailField } from '../text-field/email-field.tsx';
import { TextField } from '../text-field/text-field.tsx';
import { NewPasswordField } from './new-password-field.tsx';
import type { SignInOutcome } from './sign-in-form.tsx';
import { fieldErrorOf } from './field-error-of.ts';

export type CreateAccountInput = { email: string; name: string; password: string };

export type CreateAccountFormProps = {
  /** Prefills the address, e.g. the one a sign-in found no account for. */
  initialEmail?: string;
  /** Prefills the password typed at sign-in, to check (with Show) before it becomes the account's. */
  initialPassword?: string;
  /** The sentence under the heading. */
  lead?: ReactNode;
  onSubmit(input: CreateAccountInput): Promise<SignInOutcome>;
  /** Under the button, e.g. "Already have an account? Sign in". */
  footer?: ReactNode;
};

/**
 * Sign-up: the address, the name people will see and a password, and only then the account,
 * so nobody becomes a member by mistyping a sign-in.
 */
export function CreateAccountForm({
  initialEmail = '',
  initialPassword = '',
  lead = 'Free to start: record a voice message and share it with a link.',
  onSubmit,
  footer,
}: CreateAccountFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [name, setName] = useState('');
  const [password, setPassword] = useState(initialPassword);
  const [errors, setErrors] = useState<{ email?: string; name?: string; password?: string; form?: string }>({});

  const submit = async () => {
    const found: typeof errors = {};
    if (!email.trim()) found.email = 'Enter your email address';
    if (!name.trim()) found.name = 'Enter the name people will see';
    if (password.length < PASSWORD_MIN_LENGTH) found.password = `Use at least ${PASSWORD_MIN_LENGTH} characters`;
    setErrors(found);
    if (found.email || found.name || found.password) return;
    const outcome = await onSubmit({ email: email.trim(), name: name.trim(), password });
    if (outcome.ok) return;
    setErrors(fieldErrorOf(outcome.message, { email: 'Email', name: 'Name', password: 'Password' }));
  };

  return (
    <section className="vk-sign-in" aria-labelledby="vk-create-account-title">
      <h1 id="vk-create-account-title" className="vk-sign-in__title">
        Create your Vocal account
      </h1>
      <p className="vk-sign-in__lead">{lead}</p>
      <form className="vk-sign-in__form" onSubmit={(event: FormEvent) => event.preventDefault()} noValidate>
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} required />
        <TextField
          label="Your name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          hint="Shown on your listen pages and in the emails people get about your messages."
          maxLength={100}
          required
        />
        <NewPasswordField
          label="Password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common one. Press Show to check it.`}
          required
        />
        {errors.form ? (
          <p className="vk-sign-in__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <SubmitButton block onSubmit={submit} loadingLabel="Creating your account…">
          Create account
        </SubmitButton>
      </form>
      {footer}
    </section>
  );
}
