import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Recorder, RecorderState } from '@vocal/recorder-core';

const idle: RecorderState = { status: 'idle' };
const noSubscription = () => () => undefined;

/**
 * Holds the current recorder, if any: made when the person presses Start (with the options
 * of that moment), or adopted when a message from last time is resumed. Without one the
 * flow is idle, so there is never a half-made recorder to replace under a click.
 */
export function useRecorder() {
  const [recorder, setRecorder] = useState<Recorder | null>(null);
  const subscribe = useCallback((notify: () => void) => (recorder ? recorder.subscribe(() => notify()) : noSubscription()), [recorder]);
  const state = useSyncExternalStore(subscribe, () => (recorder ? recorder.getState() : idle));
  // A recorder that leaves the screen stops its timers; its spooled audio stays for next time.
  useEffect(() => () => recorder?.destroy(), [recorder]);

  return { recorder, state, setRecorder };
}
