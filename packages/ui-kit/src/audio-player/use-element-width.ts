import { useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * The content width of an element, kept current with a ResizeObserver (0 until measured, and
 * where ResizeObserver does not exist). Its first notice comes after the browser's own layout
 * and before the first paint, so that paint already has the width. Reading the size during the
 * commit instead forced a layout of the whole page there: 11-14 ms on the review step after a
 * long take, ahead of the upload that gives the person their link.
 */
export function useElementWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    // Rendered at once (flushSync), not in a later task, so the paint after this notice has it.
    const observer = new ResizeObserver(([entry]) => {
      if (entry) flushSync(() => setWidth(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
