import { useEffect } from 'react';

/**
 * Asks before the tab closes while a message is being recorded or is not sent yet. The
 * audio is spooled either way; this saves the person from thinking it was sent.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
