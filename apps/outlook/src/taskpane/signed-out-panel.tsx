import { Button } from '@vocal/ui-kit';
import { HostIntro, Notice, type PanelNotice } from '@vocal/host-shell';

export type SignedOutPanelProps = {
  onSignIn(): Promise<void>;
  notice: PanelNotice;
};

/** What a signed-out person sees: what the add-in does, and Sign in (in a separate window). */
export function SignedOutPanel({ onSignIn, notice }: SignedOutPanelProps) {
  return (
    <HostIntro
      title="Voice messages in your email"
      lead="Record a message and Vocal puts its link where you are writing. Listeners just click and hear you."
    >
      <Button block onClick={onSignIn} loadingLabel="Waiting for the sign-in window…">
        Sign in
      </Button>
      <p className="host-intro__hint">Sign-in opens in a separate window. New here? The same window creates your account.</p>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
    </HostIntro>
  );
}
