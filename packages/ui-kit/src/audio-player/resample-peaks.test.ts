import { describe, expect, it } from 'vitest';
import { resamplePeaks } from './resample-peaks.ts';

describe('resamplePeaks', () => {
  it('keeps the loudest peak of each stretch and scales the loudest bar to full height', () => {
    expect(resamplePeaks([0.1, 0.4, 0.2, 0.2, 0.8, 0.3], 3)).toEqual([0.5, 0.25, 1]);
  });

  it('interpolates when there are fewer peaks than bars', () => {
    expect(resamplePeaks([0, 1], 5)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('does not blow near-silence up to full height', () => {
    expect(resamplePeaks([0.02, 0.05], 2)).toEqual([0.1, 0.25]);
  });

  it('copes with no peaks, no bars and values out of range', () => {
    expect(resamplePeaks([], 3)).toEqual([0, 0, 0]);
    expect(resamplePeaks([0.5], 0)).toEqual([]);
    expect(resamplePeaks([-1, Number.NaN, 4], 3)).toEqual([0, 0, 1]);
  });
});
