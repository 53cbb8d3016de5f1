import '../accounts/account-pages.css';
import { ChangePasswordForm } from '../accounts/change-password-form.tsx';
import { DeleteAccountSection } from '../accounts/delete-account-section.tsx';
import { SettingsFrame, SettingsGroup } from '../settings/settings-frame.tsx';

/** /settings/account: the password, and deleting the account. */
export default function AccountSettingsPage() {
  return (
    <SettingsFrame title="Password & account" description="Change the password you sign in with, or delete your account.">
      <SettingsGroup title="Change password" hint="Changing it signs you out on every other device; this one stays signed in.">
        <ChangePasswordForm />
      </SettingsGroup>
      <SettingsGroup title="Delete account">
        <DeleteAccountSection />
      </SettingsGroup>
    </SettingsFrame>
  );
}
