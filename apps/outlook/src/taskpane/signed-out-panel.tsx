import { Button } from '@vocal/ui-kit';
import { Notice, type PanelNotice } from '@vocal/host-shell';

export type SignedOutPanelProps = {
  onSignIn(): Promise<void>;
  notice: PanelNotice;
};

/** What a signed-out person sees: what the add-in does, and Sign in (in a separate window). */
export function SignedOutPanel({ onSignIn, notice }: SignedOutPanelProps) {
  return (
    <section className="signed-out" aria-labelledby="signed-out-title">
      <h1 id="signed-out-title" className="signed-out__title">
        Voice messages in your email
      </h1>
      <p className="signed-out__lead">Record a message and Vocal puts its link where you are writing. Listeners just click and hear you.</p>
      <Button block onClick={onSignIn} loadingLabel="Waiting for the sign-in window…">
        Sign in
      </Button>
      <p className="signed-out__hint">Sign-in opens in a separate window. New here? The same window creates your account.</p>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
    </section>
  );
}
