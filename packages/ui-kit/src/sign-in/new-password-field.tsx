import { PASSWORD_MIN_LENGTH } from '@vocal/settings-model';
import { PasswordField, type PasswordFieldProps } from './password-field.tsx';

export type NewPasswordFieldProps = Omit<PasswordFieldProps, 'label'> & { label?: PasswordFieldProps['label'] };

/**
 * The field where someone chooses a password: named and autocompleted as a new password, so a
 * password manager offers to make one, and hinted with the rule the server applies.
 */
export function NewPasswordField({ label = 'New password', ...field }: NewPasswordFieldProps) {
  return (
    <PasswordField
      label={label}
      name="new-password"
      autoComplete="new-password"
      hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common one.`}
      {...field}
    />
  );
}
