import { useSetAtom } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { personalisationAtom, sessionStatusAtom, userAtom } from './session-state.ts';
import { webApi } from './web-api.ts';

/**
 * Follows the API session: on authorization it syncs the user and the settings; on logout
 * it clears them. A failed user fetch keeps what was there (spec section 8).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const setStatus = useSetAtom(sessionStatusAtom);
  const setUser = useSetAtom(userAtom);
  const setPersonalisation = useSetAtom(personalisationAtom);

  useEffect(() => {
    const api = webApi();
    let cancelled = false;

    async function sync() {
      setStatus('authorized');
      const [user, settings] = await Promise.all([api.getAccount(), api.getPersonalisation()]);
      if (cancelled || !api.session.isAuthorized()) return;
      if (user.ok) setUser(user.data);
      else console.error('Failed to get user data');
      if (settings.ok) setPersonalisation(settings.data);
      setStatus('synced');
    }

    // A refresh rotates the tokens without changing who is signed in: sync only on a change
    // between signed out and signed in.
    let wasAuthorized: boolean | null = null;
    const onChange = () => {
      const authorized = api.session.isAuthorized();
      if (authorized === wasAuthorized) return;
      wasAuthorized = authorized;
      if (authorized) void sync();
      else {
        setUser(null);
        setPersonalisation(null);
        setStatus('ready');
      }
    };
    onChange();
    const unsubscribe = api.session.subscribe(onChange);
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [setStatus, setUser, setPersonalisation]);

  return children;
}
