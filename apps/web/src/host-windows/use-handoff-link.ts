import { useAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { RecordingHandoffHost } from '@vocal/settings-model';
import { personalisationAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';

/** Where a recording link stands: still open (for whom), already used, expired, or not readable now. */
export type HandoffLinkState = 'checking' | { open: RecordingHandoffHost } | 'delivered' | 'gone' | { failed: string };

/**
 * The recorder pages' shared start (Gmail's card, a host panel's tab): whether the one-time
 * link in the address still takes a message, checked again on Try again; and the microphone
 * choice saved to the person's settings as on /record.
 */
export function useHandoffLink(handoffId: string) {
  const [link, setLink] = useState<HandoffLinkState>('checking');
  const [settings, setSettings] = useAtom(personalisationAtom);

  const check = useCallback(() => {
    setLink('checking');
    void webApi()
      .getRecordingHandoff(handoffId)
      .then((result) => {
        if (result.ok) setLink(result.data.status === 'delivered' ? 'delivered' : { open: result.data.host });
        else setLink(result.status === 404 ? 'gone' : { failed: result.error.msg });
      });
  }, [handoffId]);
  useEffect(check, [check]);

  const saveDevice = async (deviceId: string | null) => {
    const saved = await webApi().savePersonalisation({ recorder: { deviceId } });
    if (saved.ok) setSettings(saved.data);
  };

  return { link, check, settings, saveDevice };
}
