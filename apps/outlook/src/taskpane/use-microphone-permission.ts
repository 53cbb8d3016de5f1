import { useCallback, useState } from 'react';
import type { MicrophonePermission } from '../host/outlook-microphone-permission.ts';

/** Remembers, in the taskpane's own storage, that Office has given it the microphone: the step is not shown again. */
const ALLOWED = 'vocal.outlook.microphone-allowed';

export type MicrophoneStage = 'ask' | 'ready' | 'reloading';

export type MicrophonePermissionOptions = {
  storage: Storage;
  /** Just before the reload a first grant needs: keep what must survive it (the session). */
  beforeReload(): void;
  reload(): void;
  /** Office refused: the record flow is shown, and its refusal leads to the record window. */
  onRefused(): void;
};

/**
 * Whether the taskpane must first ask Office for the microphone, and the asking. Where Office
 * has no such permission (null) the record flow shows at once, as it does once granted.
 */
export function useMicrophonePermission(permission: MicrophonePermission | null, options: MicrophonePermissionOptions) {
  const [stage, setStage] = useState<MicrophoneStage>(() =>
    permission === null || options.storage.getItem(ALLOWED) !== null ? 'ready' : 'ask',
  );
  const { storage, beforeReload, reload, onRefused } = options;
  const allow = useCallback(async () => {
    if (!permission) return;
    const grant = await permission.request();
    if (grant === 'refused') {
      onRefused();
      setStage('ready');
      return;
    }
    storage.setItem(ALLOWED, 'true');
    if (grant === 'granted') {
      setStage('ready');
      return;
    }
    setStage('reloading');
    beforeReload();
    reload();
  }, [permission, storage, beforeReload, reload, onRefused]);
  return { stage, allow };
}
