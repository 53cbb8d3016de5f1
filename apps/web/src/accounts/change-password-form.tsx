import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@vocal/settings-model';
import { NewPasswordField, PasswordField, SubmitButton } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';

type Errors = { currentPassword?: string; newPassword?: string; form?: string };

/** Current and new password; the server signs out every other session, this one stays. */
export function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [changed, setChanged] = useState(false);

  const submit = async () => {
    const found: Errors = {};
    if (!currentPassword) found.currentPassword = 'Enter your current password';
    if (newPassword.length < PASSWORD_MIN_LENGTH) found.newPassword = `Use at least ${PASSWORD_MIN_LENGTH} characters`;
    setErrors(found);
    setChanged(false);
    if (found.currentPassword || found.newPassword) return;
    const result = await webApi().changePassword({ currentPassword, newPassword });
    if (!result.ok) {
      const message = result.error.msg;
      if (message.startsWith('currentPassword: ')) return setErrors({ currentPassword: message.replace('currentPassword: ', 'This ') });
      if (message.startsWith('newPassword: ')) return setErrors({ newPassword: message.replace('newPassword: ', 'The new password ') });
      return setErrors({ form: message });
    }
    setCurrentPassword('');
    setNewPassword('');
    setChanged(true);
  };

  return (
    <form className="account-settings__form" onSubmit={(event: FormEvent) => event.preventDefault()} noValidate>
      <PasswordField
        label="Current password"
        name="current-password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
        error={errors.currentPassword}
        required
      />
      <NewPasswordField value={newPassword} onChange={(event) => setNewPassword(event.target.value)} error={errors.newPassword} required />
      {errors.form ? (
        <p className="account-settings__problem" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="account-settings__actions">
        <SubmitButton loadingLabel="Changing…" onSubmit={submit}>
          Change password
        </SubmitButton>
        <p className="account-settings__status" role="status">
          {changed ? 'Password changed. Every other device has been signed out.' : ''}
        </p>
      </div>
    </form>
  );
}
