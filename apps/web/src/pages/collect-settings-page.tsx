import '../settings/page-settings.css';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { DEFAULT_NAMES } from '@vocal/settings-model';
import { userAtom } from '../session/session-state.ts';
import { SettingsFrame, SettingsGroup } from '../settings/settings-frame.tsx';
import { ShareKit } from '../settings/share-kit.tsx';

/**
 * /settings/collect: the link anyone can use to record a voice message into the user's
 * recordings, its embed code and QR code. The page has no words of its own to set: its title
 * is "Send <name> a voice message" and it wears the listen page's theme (the server's choice).
 */
export default function CollectSettingsPage() {
  const user = useAtomValue(userAtom);
  if (!user) return null;
  const url = `${window.location.origin}/collect/${user.inviteCode}`;
  // The owner's own default name "You" reads as "Someone" to a visitor (as the server says it).
  const name = user.name === DEFAULT_NAMES.you ? DEFAULT_NAMES.someone : user.name;
  return (
    <SettingsFrame
      title="Collections"
      description="Share this link: whoever opens it can record a voice message for you. It lands in your recordings."
    >
      <ShareKit url={url} what="collect page" embedTitle="Record a voice message for me" fileName="collect-page-qr" />
      <SettingsGroup title="How it looks">
        <p className="settings-page__hint">
          The page says “Send {name} a voice message” with your photo, in your <Link href="/settings/listen-page">listen page’s theme</Link>
          . Your name and photo are set in your <Link href="/settings/profile">profile</Link>.
        </p>
      </SettingsGroup>
    </SettingsFrame>
  );
}
