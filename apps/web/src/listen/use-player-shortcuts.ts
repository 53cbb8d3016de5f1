import { useEffect, type RefObject } from 'react';
import type { AudioPlayerHandle } from '@vocal/ui-kit';

const SEEK_SECONDS = 5;

/** Where a key belongs to the control under it, not to the page. */
const OWNS_KEYS = 'input, textarea, select, button, a, [contenteditable="true"], [role="slider"]';

/**
 * Space plays and pauses, arrows seek five seconds: anywhere on the page but in a control, and
 * also while the message's own Play button has focus (the hint beside it says ← → skip, and a
 * button has no use for arrows; Space there stays the button's own click).
 */
export function usePlayerShortcuts(player: RefObject<AudioPlayerHandle | null>, playerBox?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof Element ? event.target : null;
      const onPlayButton = Boolean(target?.matches('.vk-player__play') && playerBox?.current?.contains(target));
      const isArrow = event.key === 'ArrowRight' || event.key === 'ArrowLeft';
      if (target?.closest(OWNS_KEYS) && !(onPlayButton && isArrow)) return;
      const handle = player.current;
      if (!handle) return;
      if (event.key === ' ') {
        event.preventDefault();
        if (handle.playing) handle.pause();
        else void handle.play();
      } else if (isArrow) {
        event.preventDefault();
        const step = event.key === 'ArrowRight' ? SEEK_SECONDS : -SEEK_SECONDS;
        handle.seek(Math.min(handle.duration, Math.max(0, handle.currentTime + step)));
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [player, playerBox]);
}
