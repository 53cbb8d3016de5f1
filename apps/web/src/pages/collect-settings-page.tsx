import { useAtomValue } from 'jotai';
import { CopyLinkField } from '@vocal/ui-kit';
import { userAtom } from '../session/session-state.ts';

/** The link anyone can use to record a voice message into the user's recordings. */
export default function CollectSettingsPage() {
  const user = useAtomValue(userAtom);
  if (!user) return null;
  const url = `${window.location.origin}/collect/${user.inviteCode}`;
  return (
    <section className="settings-page" aria-labelledby="collect-title">
      <header className="page-header">
        <div>
          <h1 id="collect-title" className="page-header__title">
            Collections
          </h1>
          <p className="page-header__meta">
            Share this link: whoever opens it can record a voice message for you. It lands in your recordings.
          </p>
        </div>
      </header>
      <div className="settings-page__group">
        <h2 className="settings-page__heading">Your collection link</h2>
        <CopyLinkField url={url} label="Collection link" hideLabel />
      </div>
    </section>
  );
}
