import { Button } from '@vocal/ui-kit';
import { HostIntro, Notice, type PanelNotice } from '@vocal/host-shell';
import { useMicrosoftSignInEnabled, type MicrosoftSignIn } from './use-microsoft-sign-in.ts';

export type SignedOutPanelProps = {
  onSignIn(): Promise<void>;
  microsoft?: MicrosoftSignIn;
  onNotice(notice: PanelNotice): void;
  notice: PanelNotice;
};

/**
 * What a signed-out person sees: what the app does, then Continue with Microsoft where the
 * server has it, and our own sign-in in a window Teams opens (always there: single sign-on
 * needs the organisation's consent, which not every tenant gives).
 */
export function SignedOutPanel({ onSignIn, microsoft, onNotice, notice }: SignedOutPanelProps) {
  const microsoftEnabled = useMicrosoftSignInEnabled(microsoft);
  const signInWithMicrosoft = async () => {
    onNotice(null);
    try {
      await microsoft?.signIn();
    } catch (error) {
      onNotice({
        tone: 'error',
        text: `Microsoft sign-in did not work: ${error instanceof Error ? error.message : String(error)} Sign in with your Vocal account instead.`,
      });
    }
  };
  return (
    <HostIntro
      title="Voice messages in Teams"
      lead="Record a message and share its link in any chat or channel. Listeners just click and hear you, in Teams or anywhere else."
    >
      {microsoftEnabled === null ? null : (
        <>
          {microsoftEnabled ? (
            <Button block onClick={signInWithMicrosoft} loadingLabel="Signing in with Microsoft…">
              Continue with Microsoft
            </Button>
          ) : null}
          <Button
            block
            variant={microsoftEnabled ? 'secondary' : 'primary'}
            onClick={onSignIn}
            loadingLabel="Waiting for the sign-in window…"
          >
            {microsoftEnabled ? 'Sign in with email' : 'Sign in'}
          </Button>
        </>
      )}
      <p className="host-intro__hint">Sign-in opens in a separate window. New here? The same window creates your account.</p>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
    </HostIntro>
  );
}
