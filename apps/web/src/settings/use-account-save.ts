import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import type { AccountUpdate, User } from '@vocal/settings-model';
import { personalisationAtom, userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';

export type AccountSaveResult = { ok: true; user: User } | { ok: false; message: string };

/**
 * Saves part of the account (POST /account) and puts the answer in the session, in both
 * places that show the person: the user, and personalisation's `user`, which the server reads
 * from the account. The account menu and every page see the new name or picture at once.
 */
export function useAccountSave() {
  const setUser = useSetAtom(userAtom);
  const setSettings = useSetAtom(personalisationAtom);
  return useCallback(
    async (update: AccountUpdate): Promise<AccountSaveResult> => {
      const result = await webApi().updateAccount(update);
      if (!result.ok) return { ok: false, message: result.error.msg };
      const user = result.data;
      setUser(user);
      setSettings((settings) => (settings ? { ...settings, user: { name: user.name, avatarUrl: user.avatarUrl } } : settings));
      return { ok: true, user };
    },
    [setUser, setSettings],
  );
}
