import { DEFAULT_WAVEFORM_IMAGE } from '@vocal/settings-model';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { readPictureHeader } from './picture-size.ts';
import { barPeaks, drawWaveformPicture, MAX_WAVEFORM_BARS } from './waveform-picture.ts';

const hexOf = (rgba: Uint8Array) =>
  `#${Array.from(rgba.subarray(0, 3), (channel) => channel.toString(16).padStart(2, '0').toUpperCase()).join('')}`;

/** The picture decoded by another PNG reader (pngjs), as `#RRGGBB` per pixel. */
function decoded(bytes: Uint8Array) {
  const png = PNG.sync.read(Buffer.from(bytes));
  const at = (x: number, y: number) => hexOf(png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4));
  const row = (y: number) => Array.from({ length: png.width }, (_, x) => at(x, y));
  /** How many bars cross row `y`: runs of pixels in the bars' colour (their anti-aliased sides may touch). */
  const barsAcross = (y: number) =>
    row(y).filter((pixel, x, pixels) => pixel === DEFAULT_WAVEFORM_IMAGE.colour && (x === 0 || pixels[x - 1] !== pixel)).length;
  return { png, at, row, barsAcross };
}

describe('the waveform picture drawn from peaks', () => {
  const middle = DEFAULT_WAVEFORM_IMAGE.height / 2;

  it('is a 1200 × 300 PNG with one bar per peak, as tall as its peak, in the bars’ colour on the background', () => {
    const picture = drawWaveformPicture([0, 0.5, 1, 0.25]);
    expect(readPictureHeader(picture.bytes)).toMatchObject({ format: 'png', width: 1200, height: 300 });
    expect(picture).toMatchObject({ width: 1200, height: 300, contentType: 'image/png' });
    const { at, barsAcross } = decoded(picture.bytes);
    expect(barsAcross(middle)).toBe(4);
    // The third bar (peak 1) spans x 700-900 and nearly the whole height; the second (0.5) half of it.
    expect(at(800, middle)).toBe(DEFAULT_WAVEFORM_IMAGE.colour);
    expect(at(800, 30)).toBe(DEFAULT_WAVEFORM_IMAGE.colour);
    expect(at(500, 30)).toBe(DEFAULT_WAVEFORM_IMAGE.background);
    expect(at(500, middle)).toBe(DEFAULT_WAVEFORM_IMAGE.colour);
    expect(at(0, 0)).toBe(DEFAULT_WAVEFORM_IMAGE.background);
    expect(at(1199, 299)).toBe(DEFAULT_WAVEFORM_IMAGE.background);
  });

  it('draws edges that fall between pixels in part (anti-aliased), as a canvas does', () => {
    // 400 bars: each 2 px wide in a 3 px slot, from x = 0.5, so x = 0 and 2 are half covered.
    const { at } = decoded(drawWaveformPicture(Array.from({ length: 400 }, () => 1)).bytes);
    expect(at(1, middle)).toBe(DEFAULT_WAVEFORM_IMAGE.colour);
    for (const x of [0, 2]) {
      expect(at(x, middle)).not.toBe(DEFAULT_WAVEFORM_IMAGE.colour);
      expect(at(x, middle)).not.toBe(DEFAULT_WAVEFORM_IMAGE.background);
    }
  });

  it('draws at most MAX_WAVEFORM_BARS bars, each the loudest of its group', () => {
    const peaks = Array.from({ length: 10_000 }, (_, index) => (index === 4_321 ? 1 : 0.1));
    const bars = barPeaks(peaks);
    expect(bars).toHaveLength(MAX_WAVEFORM_BARS);
    expect(bars.filter((peak) => peak === 1)).toHaveLength(1);
    expect(Math.min(...bars)).toBe(0.1);
    const { barsAcross } = decoded(drawWaveformPicture(peaks).bytes);
    expect(barsAcross(middle)).toBe(MAX_WAVEFORM_BARS);
    // Only the loud one reaches near the top.
    expect(barsAcross(30)).toBe(1);
  });

  it('draws silence as a line of short bars, and no peaks at all as the background alone', () => {
    const silence = decoded(drawWaveformPicture([0, 0, 0]).bytes);
    expect(silence.barsAcross(middle)).toBe(3);
    expect(silence.barsAcross(middle - 5)).toBe(0);
    const empty = decoded(drawWaveformPicture([]).bytes);
    expect(readPictureHeader(drawWaveformPicture([]).bytes)).toMatchObject({ width: 1200, height: 300 });
    expect(new Set(empty.row(middle))).toEqual(new Set([DEFAULT_WAVEFORM_IMAGE.background]));
  });
});
