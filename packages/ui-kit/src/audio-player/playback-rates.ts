/** The speeds the player offers, slowest first; 1 is where it starts. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

/** The next speed in the cycle, wrapping from the fastest back to the slowest. */
export function nextPlaybackRate(rate: number): PlaybackRate {
  const index = PLAYBACK_RATES.findIndex((candidate) => candidate === rate);
  return PLAYBACK_RATES[(index + 1) % PLAYBACK_RATES.length] ?? 1;
}

export const formatPlaybackRate = (rate: number) => `${rate}×`;
