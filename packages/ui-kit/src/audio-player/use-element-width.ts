import { useLayoutEffect, useState } from 'react';

/**
 * The content width of an element, kept current with a ResizeObserver (0 until measured, and
 * where ResizeObserver does not exist). Observed in a layout effect so the first paint already
 * has it.
 */
export function useElementWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
