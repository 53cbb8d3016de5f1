import { useCallback, useEffect, useRef, useState } from 'react';
import type { Recorder } from '@vocal/recorder-core';

/** How long a discarded take can be taken back, as long as the inbox's delete (use-pending-delete.ts). */
export const DISCARD_UNDO_MS = 10_000;

/**
 * Discard with Undo, as the inbox deletes: the take is thrown away when the time is up, or
 * at once when the person starts something else or leaves the page; Undo before that gives
 * it back untouched (its upload, its title).
 */
export function usePendingDiscard() {
  const [pending, setPending] = useState<Recorder | null>(null);
  const taken = useRef<Recorder | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const take = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const recorder = taken.current;
    taken.current = null;
    setPending(null);
    return recorder;
  }, []);

  /** Discards the waiting take now, if there is one. */
  const commit = useCallback(async () => {
    await take()?.discard();
  }, [take]);

  const discard = useCallback(
    (recorder: Recorder) => {
      void commit();
      taken.current = recorder;
      setPending(recorder);
      timer.current = setTimeout(() => void commit(), DISCARD_UNDO_MS);
    },
    [commit],
  );

  useEffect(() => {
    const leave = () => void commit();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [commit]);

  return { pending, discard, commit, undo: take };
}
