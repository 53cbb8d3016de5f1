import { useCallback, useRef } from 'react';
import type { ZafClient } from './zaf-client.ts';
import { fitFrameToContent } from './zendesk-frame-size.ts';

/**
 * A ref for the element whose height the sidebar's iframe should take (see fitFrameToContent).
 * It must not stretch to the frame itself, or the frame could never shrink.
 */
export function useFitFrame(client: ZafClient | null) {
  const stop = useRef<(() => void) | null>(null);
  return useCallback(
    (element: HTMLElement | null) => {
      stop.current?.();
      stop.current = client && element ? fitFrameToContent(client, element) : null;
    },
    [client],
  );
}
