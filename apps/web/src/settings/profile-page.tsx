import './profile-page.css';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { userAtom } from '../session/session-state.ts';
import { AvatarField } from './avatar/avatar-field.tsx';
import { ProfileEmailForm } from './profile-email-form.tsx';
import { ProfileNameForm } from './profile-name-form.tsx';
import { SettingsFrame, SettingsGroup } from './settings-frame.tsx';

/**
 * Who you are to the people you send to: name and photo (kept on the account, the one source
 * every listen page, mail and link preview reads), and the address and password you sign in with.
 */
export default function ProfilePage() {
  const user = useAtomValue(userAtom);
  return (
    <SettingsFrame title="Profile" description="Your name and photo, as listeners see them, and how you sign in.">
      {user ? (
        <div className="profile-page">
          <SettingsGroup title="Name">
            <ProfileNameForm user={user} />
          </SettingsGroup>
          <SettingsGroup title="Photo" hint="Shown round beside your name on listen pages, link previews and mails.">
            <AvatarField user={user} />
          </SettingsGroup>
          <SettingsGroup title="Email address">
            <ProfileEmailForm user={user} />
          </SettingsGroup>
          <SettingsGroup title="Password">
            <p className="profile-page__password">
              <Link href="/settings/account" className="profile-page__link">
                Change password
              </Link>
            </p>
          </SettingsGroup>
        </div>
      ) : null}
    </SettingsFrame>
  );
}
