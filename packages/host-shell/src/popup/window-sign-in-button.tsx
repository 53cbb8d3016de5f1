import type { ApiClient } from '@vocal/api-client';
import type { Tokens } from '@vocal/settings-model';
import { Button } from '@vocal/ui-kit';
import { Notice } from '../notice.tsx';
import { useWindowSignIn } from './use-window-sign-in.ts';

export type WindowSignInButtonProps = {
  api: ApiClient;
  /** Opens the sign-in window: `() => signInInPopup(signInWindowUrl(host, location.href, email))`. */
  openWindow(): Promise<Tokens | null>;
  label?: string;
};

/** Sign in for a signed-out panel: waits for the window, then signs the panel in or says why not. */
export function WindowSignInButton({ api, openWindow, label = 'Sign in' }: WindowSignInButtonProps) {
  const { signIn, notice } = useWindowSignIn(api, openWindow);
  return (
    <>
      <Button block onClick={signIn} loadingLabel="Waiting for the sign-in window…">
        {label}
      </Button>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
    </>
  );
}
