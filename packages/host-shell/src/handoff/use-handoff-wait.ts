import { useSyncExternalStore } from 'react';
import type { HandoffWait, HandoffWaitStore } from './handoff-recorder.ts';

/** The panel's current wait for a message from the browser, or null. */
export function useHandoffWait(store: HandoffWaitStore | undefined): HandoffWait | null {
  return useSyncExternalStore(
    (listener) => store?.subscribe(listener) ?? (() => undefined),
    () => store?.get() ?? null,
  );
}
