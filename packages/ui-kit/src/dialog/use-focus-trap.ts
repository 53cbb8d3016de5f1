import { useLayoutEffect, type RefObject } from 'react';
import { focusableElements } from './focusable-elements.ts';

/** Open traps, innermost last: only that one acts, so a dialog opened from a dialog works. */
const openTraps: HTMLElement[] = [];

/**
 * While `active`: moves focus into the container (to `initialFocus`, else its first control,
 * else the container), keeps Tab and Shift+Tab cycling inside it, pulls focus back if it
 * escapes, and on release returns focus to whatever had it before.
 *
 * A layout effect, so focus is inside before the container is first painted: as a passive
 * effect it moved in a frame or more later on a busy machine, and an Escape pressed as soon as
 * a dialog showed went to the page behind it (a browser test caught the Embed dialog staying open).
 */
export function useFocusTrap(container: HTMLElement | null, active: boolean, initialFocus?: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    if (!active || !container) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openTraps.push(container);
    const isInnermost = () => openTraps[openTraps.length - 1] === container;

    const first = () => focusableElements(container)[0] ?? container;
    (initialFocus?.current ?? first()).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !isInnermost()) return;
      const elements = focusableElements(container);
      const start = elements[0];
      const end = elements[elements.length - 1];
      if (!start || !end) {
        event.preventDefault();
        container.focus();
        return;
      }
      const current = document.activeElement;
      if (event.shiftKey && (current === start || !container.contains(current))) {
        event.preventDefault();
        end.focus();
      } else if (!event.shiftKey && (current === end || !container.contains(current))) {
        event.preventDefault();
        start.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!isInnermost()) return;
      if (event.target instanceof Node && !container.contains(event.target)) first().focus();
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      openTraps.splice(openTraps.lastIndexOf(container), 1);
      if (previous?.isConnected) previous.focus();
    };
  }, [active, container, initialFocus]);
}
