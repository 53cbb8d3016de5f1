import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Wide enough for the folder sidebar beside the list, and a fine pointer to drag with. */
export const DESKTOP_QUERY = '(min-width: 900px)';
export const DRAG_QUERY = '(min-width: 900px) and (pointer: fine)';
