import { useEffect, useState } from 'react';

/** Microsoft single sign-on, as the tab offers it: only where the server accepts Microsoft tokens. */
export type MicrosoftSignIn = {
  /** Whether this server has Microsoft sign-in configured. */
  isEnabled(): Promise<boolean>;
  /** Gets the person's token from Teams and exchanges it for our session; rejects with a message to show. */
  signIn(): Promise<void>;
};

/**
 * Whether the server has Microsoft sign-in on: null while asking (the panel waits rather than
 * reshuffle its buttons when the answer comes), false when it is off or cannot say.
 */
export function useMicrosoftSignInEnabled(microsoft: MicrosoftSignIn | undefined): boolean | null {
  const [enabled, setEnabled] = useState<boolean | null>(microsoft ? null : false);
  useEffect(() => {
    if (!microsoft) return;
    let cancelled = false;
    microsoft.isEnabled().then(
      (on) => !cancelled && setEnabled(on),
      () => !cancelled && setEnabled(false),
    );
    return () => {
      cancelled = true;
    };
  }, [microsoft]);
  return enabled;
}
