import './sign-in-form.css';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@vocal/settings-model';
import { Button } from '../button/button.tsx';
import { TextField } from '../text-field/text-field.tsx';
import { PasswordField } from './password-field.tsx';
import type { SignInOutcome } from './sign-in-form.tsx';
import { fieldErrorOf } from './field-error-of.ts';

export type CreateAccountFormProps = {
  /** The address the person typed at sign-in; changing it means going back. */
  email: string;
  /** The password typed at sign-in, to check (with Show) before it becomes the account's. */
  initialPassword: string;
  onSubmit(input: { name: string; password: string }): Promise<SignInOutcome>;
  onBack(): void;
};

/**
 * The step after a sign-in that found no account: confirms the address, asks the name people
 * will see, and only then creates the account, so a typo in the email does not silently make a
 * second one.
 */
export function CreateAccountForm({ email, initialPassword, onSubmit, onBack }: CreateAccountFormProps) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState(initialPassword);
  const [errors, setErrors] = useState<{ name?: string; password?: string; form?: string }>({});

  const submit = async () => {
    const found: typeof errors = {};
    if (!name.trim()) found.name = 'Enter the name people will see';
    if (password.length < PASSWORD_MIN_LENGTH) found.password = `Use at least ${PASSWORD_MIN_LENGTH} characters`;
    setErrors(found);
    if (found.name || found.password) return;
    const outcome = await onSubmit({ name: name.trim(), password });
    if (outcome.ok) return;
    setErrors(fieldErrorOf(outcome.message, { name: 'Name', password: 'Password' }));
  };

  return (
    <section className="vk-sign-in" aria-labelledby="vk-create-account-title">
      <h1 id="vk-create-account-title" className="vk-sign-in__title">
        Create your account
      </h1>
      <p className="vk-sign-in__lead">
        A new Vocal account for <strong className="vk-sign-in__email">{email}</strong>. Not the right address?{' '}
        <button type="button" className="vk-sign-in__inline-button" onClick={onBack}>
          Go back
        </button>
      </p>
      <form className="vk-sign-in__form" onSubmit={(event: FormEvent) => event.preventDefault()} noValidate>
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
        <PasswordField
          label="Password"
          name="new-password"
          autoComplete="new-password"
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
        <Button
          type="submit"
          block
          onClick={(event) => {
            event.preventDefault();
            return submit();
          }}
          loadingLabel="Creating your account…"
        >
          Create account
        </Button>
      </form>
    </section>
  );
}
