import { useEffect, useState } from 'react';
import type { MicrophoneAccess, MicrophoneState } from '../host/microphone-access.ts';

/** The microphone's state for a panel, kept current; null while it is first asked. */
export function useMicrophoneState(microphone: MicrophoneAccess): MicrophoneState | null {
  const [state, setState] = useState<MicrophoneState | null>(null);
  useEffect(() => {
    let current = true;
    const refresh = () =>
      void microphone.check().then((next) => {
        if (current) setState(next);
      });
    refresh();
    const stop = microphone.subscribe(refresh);
    return () => {
      current = false;
      stop();
    };
  }, [microphone]);
  return state;
}
