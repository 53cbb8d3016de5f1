import { useAtom } from 'jotai';
import { useCallback, useState } from 'react';
import type { Personalisation, PersonalisationPatch } from '@vocal/settings-model';
import { personalisationAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';

export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'failed'; message: string };

/**
 * The signed-in person's settings and a save that sends only what changed: the server merges
 * a patch over what it keeps and answers the whole result, which replaces the session's copy
 * so every page (and the next recording) sees the change at once.
 */
export function usePersonalisationForm() {
  const [settings, setSettings] = useAtom(personalisationAtom);
  const [state, setState] = useState<SaveState>({ status: 'idle' });

  const save = useCallback(
    async (patch: PersonalisationPatch): Promise<Personalisation | null> => {
      setState({ status: 'saving' });
      const result = await webApi().savePersonalisation(patch);
      if (!result.ok) {
        setState({ status: 'failed', message: result.error.msg });
        return null;
      }
      setSettings(result.data);
      setState({ status: 'saved' });
      return result.data;
    },
    [setSettings],
  );

  return { settings, save, state, resetState: () => setState({ status: 'idle' }) };
}
