import { useCallback, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { Tokens } from '@vocal/settings-model';

export type PanelNotice = { tone: 'info' | 'error'; text: string } | null;

/**
 * Signing in through a window (a popup of ours, or a host's dialog): the tokens it hands
 * back go into the panel's session; a cancelled, blocked or failed window becomes a notice,
 * never an uncaught error. `setNotice` lets the panel report its other windows the same way.
 */
export function useWindowSignIn(api: ApiClient, openWindow: (() => Promise<Tokens | null>) | undefined) {
  const [notice, setNotice] = useState<PanelNotice>(null);
  const signIn = useCallback(async () => {
    setNotice(null);
    if (!openWindow) return;
    try {
      const tokens = await openWindow();
      if (tokens) api.session.setTokens(tokens);
      else setNotice({ tone: 'info', text: 'Sign-in was cancelled.' });
    } catch (error) {
      setNotice({ tone: 'error', text: `The sign-in window could not open. ${error instanceof Error ? error.message : ''}`.trim() });
    }
  }, [api, openWindow]);
  return { signIn, notice, setNotice };
}
