import { describe, expect, it } from 'vitest';
import { readPictureHeader } from './picture-size.ts';
import { barPeaks, drawWaveformPicture, MAX_WAVEFORM_BARS, waveformSvg } from './waveform-picture.ts';

describe('the waveform picture drawn from peaks', () => {
  it('is a 1200 × 300 PNG with one bar per peak', () => {
    const peaks = [0, 0.5, 1, 0.25];
    expect(waveformSvg(peaks).match(/<rect x=/g)).toHaveLength(4);
    const picture = drawWaveformPicture(peaks);
    expect(readPictureHeader(picture.bytes)).toMatchObject({ format: 'png', width: 1200, height: 300 });
    expect(picture).toMatchObject({ width: 1200, height: 300, contentType: 'image/png' });
  });

  it('draws at most MAX_WAVEFORM_BARS bars, each the loudest of its group', () => {
    const peaks = Array.from({ length: 10_000 }, (_, index) => (index === 4_321 ? 1 : 0.1));
    const bars = barPeaks(peaks);
    expect(bars).toHaveLength(MAX_WAVEFORM_BARS);
    expect(bars.filter((peak) => peak === 1)).toHaveLength(1);
    expect(Math.min(...bars)).toBe(0.1);
    expect(waveformSvg(peaks).match(/<rect x=/g)).toHaveLength(MAX_WAVEFORM_BARS);
  });

  it('draws silence and no peaks at all', () => {
    expect(readPictureHeader(drawWaveformPicture([]).bytes)).toMatchObject({ width: 1200, height: 300 });
    expect(readPictureHeader(drawWaveformPicture([0, 0, 0]).bytes)).toMatchObject({ width: 1200, height: 300 });
  });
});
