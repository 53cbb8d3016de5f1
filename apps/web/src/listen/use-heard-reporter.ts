import { useEffect } from 'react';
import { countedListen } from './counted-listen.ts';

/** A jump between two time updates longer than this is a seek, not listening. */
const MAX_PLAYED_STEP_SECONDS = 1.5;

/**
 * Reports how much of the message this listen heard: the furthest point reached by playing
 * on (a seek forward hears nothing), as a share of the duration. Sent with sendBeacon, which
 * survives the page closing, when playback pauses or ends and when the page is hidden or
 * left; nothing is sent before anything was heard or after nothing new was. The server keeps
 * the largest share it was sent, so a repeat costs nothing.
 *
 * Media events do not bubble, so they are caught on the way down (capture) at the document:
 * the player stays unaware of this.
 */
export function useHeardReporter(recordingId: string, duration: number) {
  useEffect(() => {
    let furthest = 0;
    let last: number | null = null;
    let sent = 0;

    const report = () => {
      const listen = countedListen(recordingId);
      const length = duration > 0 ? duration : 0;
      if (!listen || length === 0 || furthest <= sent) return;
      const heard = Math.min(1, furthest / length);
      const body = new Blob([JSON.stringify({ listen, heard })], { type: 'application/json' });
      if (navigator.sendBeacon?.(`/api/track/heard/${encodeURIComponent(recordingId)}`, body)) sent = furthest;
    };

    const onTimeUpdate = (event: Event) => {
      if (!(event.target instanceof HTMLAudioElement)) return;
      const time = event.target.currentTime;
      if (last !== null && time >= last && time - last <= MAX_PLAYED_STEP_SECONDS) furthest = Math.max(furthest, time);
      last = time;
    };
    const onSeeking = (event: Event) => {
      if (event.target instanceof HTMLAudioElement) last = event.target.currentTime;
    };
    const onStop = (event: Event) => {
      if (!(event.target instanceof HTMLAudioElement)) return;
      // Ended: the last time update may come before the very end; the end was reached by playing.
      if (event.type === 'ended' && last !== null && duration - last <= MAX_PLAYED_STEP_SECONDS) furthest = duration;
      report();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') report();
    };

    const listeners: [EventTarget, string, (event: Event) => void, boolean][] = [
      [document, 'timeupdate', onTimeUpdate, true],
      [document, 'seeking', onSeeking, true],
      [document, 'pause', onStop, true],
      [document, 'ended', onStop, true],
      [document, 'visibilitychange', onHidden, false],
      [window, 'pagehide', report, false],
    ];
    for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener, capture);
    return () => {
      report();
      for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener, capture);
    };
  }, [recordingId, duration]);
}
