import { Resvg } from '@resvg/resvg-js';
import { DEFAULT_WAVEFORM_IMAGE, waveformBars } from '@vocal/settings-model';
import type { NormalisedPicture } from './picture-render.ts';

const round = (value: number) => Math.round(value * 100) / 100;

/** More bars than this would be under 3 px wide at 1200 px: the loudest of each group is drawn instead. */
export const MAX_WAVEFORM_BARS = 400;

/** At most MAX_WAVEFORM_BARS peaks, each the loudest of its group, so a context with 10,000 peaks draws as fast as one with 100. */
export function barPeaks(peaks: readonly number[]): readonly number[] {
  if (peaks.length <= MAX_WAVEFORM_BARS) return peaks;
  const group = peaks.length / MAX_WAVEFORM_BARS;
  return Array.from({ length: MAX_WAVEFORM_BARS }, (_, index) =>
    Math.max(...peaks.slice(Math.floor(index * group), Math.max(Math.floor(index * group) + 1, Math.floor((index + 1) * group)))),
  );
}

/** The waveform's bars as SVG, the same geometry and colours the recorder's canvas draws (settings-model). */
export function waveformSvg(peaks: readonly number[]): string {
  const { width, height, colour, background } = DEFAULT_WAVEFORM_IMAGE;
  const bars = waveformBars(barPeaks(peaks), width, height)
    .map((bar) => `<rect x="${round(bar.x)}" y="${round(bar.y)}" width="${round(bar.width)}" height="${round(bar.height)}"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${background}"/><g fill="${colour}">${bars}</g></svg>`;
}

/**
 * The message's waveform picture drawn here from its peaks: a recorder that sent its audio while
 * recording need not upload the picture too, which on a weak uplink was most of what was left to
 * send after Stop (tens of KB against a context of one). Drawn on the event loop, unlike a
 * link-preview card: at most 400 rectangles and no text take about 5 ms with resvg (measured
 * 4.6-6.2 ms for 100 bars here), less than a media worker takes to start after idling (decision 0070).
 */
export function drawWaveformPicture(peaks: readonly number[]): NormalisedPicture {
  const bytes = new Uint8Array(new Resvg(waveformSvg(peaks), { font: { loadSystemFonts: false } }).render().asPng());
  return { bytes, contentType: 'image/png', extension: 'png', width: DEFAULT_WAVEFORM_IMAGE.width, height: DEFAULT_WAVEFORM_IMAGE.height };
}
