import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { Personalisation, User } from '@vocal/settings-model';

export type AccountState =
  { status: 'loading' } | { status: 'ready'; user: User; settings: Personalisation } | { status: 'failed'; message: string };

/**
 * The signed-in user's plan and personalisation (signature, attachment, microphone), which
 * the record flow needs. Loads when the person signs in, and again on retry().
 */
export function useAccount(api: ApiClient, signedIn: boolean): AccountState & { retry(): void } {
  const [state, setState] = useState<AccountState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    setState({ status: 'loading' });
    void Promise.all([api.getAccount(), api.getPersonalisation()]).then(([account, settings]) => {
      if (cancelled) return;
      if (account.ok && settings.ok) setState({ status: 'ready', user: account.data, settings: settings.data });
      else {
        const failure = !account.ok ? account : !settings.ok ? settings : null;
        setState({ status: 'failed', message: failure?.error.msg || 'Your account could not be loaded.' });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [api, signedIn, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}
