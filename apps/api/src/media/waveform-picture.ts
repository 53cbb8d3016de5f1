import { BLACK, DEFAULT_WAVEFORM_IMAGE, mix, parseHexColour, waveformBars, WHITE } from '@vocal/settings-model';
import { encodeColumnStepsPng, type ColumnStep } from './indexed-png.ts';
import type { NormalisedPicture } from './picture-render.ts';

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

type ColumnShare = { share: number; top: number; bottom: number };

/** How much of a pixel at row `y` the bars crossing its column cover, 0 to 1 (their edges fall between pixels). */
function coveredAt(crossing: readonly ColumnShare[], y: number): number {
  let covered = 0;
  for (const bar of crossing) covered += bar.share * Math.max(0, Math.min(y + 1, bar.bottom) - Math.max(y, bar.top));
  return Math.min(1, covered);
}

/**
 * Each column's shade as it changes down the picture (0: background, 255: the bars' colour),
 * anti-aliased: a bar's sides cover part of a column, its top and bottom part of a row. Within a
 * column the shade changes only at the rows where a bar begins or ends.
 */
function shadeSteps(peaks: readonly number[], width: number, height: number): ColumnStep[][] {
  // Plain loops and few objects: it runs once per message, so mostly before the JIT has compiled it.
  const crossing: (ColumnShare[] | undefined)[] = new Array(width);
  for (const bar of waveformBars(barPeaks(peaks), width, height)) {
    const [left, right] = [bar.x, bar.x + bar.width];
    for (let x = Math.max(0, Math.floor(left)); x < Math.min(width, Math.ceil(right)); x++) {
      (crossing[x] ??= []).push({ share: Math.min(x + 1, right) - Math.max(x, left), top: bar.y, bottom: bar.y + bar.height });
    }
  }
  const steps: ColumnStep[][] = new Array(width);
  for (let x = 0; x < width; x++) {
    const column: ColumnStep[] = [];
    steps[x] = column;
    const bars = crossing[x];
    if (!bars) continue;
    const edges: number[] = [];
    for (const { top, bottom } of bars) edges.push(Math.floor(top), Math.floor(top) + 1, Math.floor(bottom), Math.floor(bottom) + 1);
    // One bar's edges are in order already (it is at least 2 px tall).
    if (bars.length > 1) edges.sort((a, b) => a - b);
    let [shade, previous] = [0, -1];
    for (const row of edges) {
      if (row === previous) continue;
      previous = row;
      const next = Math.round(coveredAt(bars, row) * 255);
      if (next !== shade) column.push({ row, index: next });
      shade = next;
    }
  }
  return steps;
}

/**
 * The message's waveform picture drawn here from its peaks: a recorder that sent its audio while
 * recording need not upload the picture too, which on a weak uplink was most of what was left to
 * send after Stop (tens of KB against a context of one). The same bars as the recorder's canvas
 * (settings-model), in 256 shades between the background and the bars' colour, so the PNG is
 * palette-indexed. Drawn here on the event loop rather than with resvg, which took 15-20 ms
 * for 400 bars on the path from Stop to link; this takes about a millisecond (decision 0070).
 */
export function drawWaveformPicture(peaks: readonly number[]): NormalisedPicture {
  const { width, height, colour, background } = DEFAULT_WAVEFORM_IMAGE;
  const [ink, paper] = [parseHexColour(colour) ?? BLACK, parseHexColour(background) ?? WHITE];
  // Palette index = how much of the pixel the bars cover, in 256ths.
  const palette = Array.from({ length: 256 }, (_, level) => mix(paper, ink, level / 255));
  const bytes = encodeColumnStepsPng(width, height, palette, shadeSteps(peaks, width, height));
  return { bytes, contentType: 'image/png', extension: 'png', width, height };
}
