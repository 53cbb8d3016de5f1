import { THEME_PRESETS } from './theme-presets.ts';

/**
 * The message's waveform picture, 1200x300: it doubles as the listen page's link-preview image.
 * Drawn by the recorder (a canvas) or, when the recording was sent while it was recorded, by the
 * server from the peaks (an SVG), so both draw the same bars from here.
 */
export const DEFAULT_WAVEFORM_IMAGE = {
  width: 1200,
  height: 300,
  colour: THEME_PRESETS.Light.primary,
  background: THEME_PRESETS.Light.background,
} as const;

export type WaveformBar = { x: number; y: number; width: number; height: number };

/**
 * Where each bar goes: one per peak, side by side with gaps of a third of a slot, centred
 * vertically, at least 2 px tall so silence still reads as a line.
 */
export function waveformBars(peaks: readonly number[], width: number, height: number): WaveformBar[] {
  if (peaks.length === 0) return [];
  const slot = width / peaks.length;
  const barWidth = Math.max(1, slot * (2 / 3));
  const padding = Math.round(height * 0.08);
  const usable = height - 2 * padding;
  return peaks.map((peak, index) => {
    const barHeight = Math.max(2, Math.min(1, Math.max(0, peak)) * usable);
    return { x: index * slot + (slot - barWidth) / 2, y: (height - barHeight) / 2, width: barWidth, height: barHeight };
  });
}
