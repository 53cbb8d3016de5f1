import { describe, expect, it } from 'vitest';
import { tonePcm } from '@vocal/test-fixtures';
import { computePeaks, createEnvelopeBuilder, envelopeBlockSize, levelFromPeak, peaksFromEnvelope, PEAK_NOISE_FLOOR } from './peaks.ts';

const sampleRate = 48_000;

function envelopeOf(samples: Float32Array, chunk: number) {
  const builder = createEnvelopeBuilder(envelopeBlockSize(sampleRate));
  const values: number[] = [];
  for (let offset = 0; offset < samples.length; offset += chunk) values.push(...builder.add(samples.subarray(offset, offset + chunk)));
  values.push(...builder.flush());
  return values;
}

describe('peaks', () => {
  it('silence gives zeros', () => {
    const peaks = computePeaks(new Float32Array(sampleRate * 2));
    expect(peaks).toHaveLength(100);
    expect(peaks.every((peak) => peak === 0)).toBe(true);
  });

  it('a tone gives high bars, the loudest at 1', () => {
    const { samples } = tonePcm(2, { sampleRate, amplitude: 0.4 });
    const peaks = computePeaks(samples);
    expect(Math.max(...peaks)).toBe(1);
    expect(Math.min(...peaks)).toBeGreaterThan(0.9);
  });

  it('a tone that starts halfway gives low bars, then high ones', () => {
    const { samples: tone } = tonePcm(2, { sampleRate, amplitude: 0.4 });
    const samples = new Float32Array(tone.length * 2);
    samples.set(tone, tone.length);
    const peaks = computePeaks(samples);
    expect(peaks.slice(0, 49).every((peak) => peak === 0)).toBe(true);
    expect(peaks.slice(51).every((peak) => peak > 0.9)).toBe(true);
  });

  it('does not blow quiet noise up to full height', () => {
    const quiet = new Float32Array(sampleRate).map((_, index) => (index % 2 ? 0.002 : -0.002));
    const peaks = computePeaks(quiet);
    expect(Math.max(...peaks)).toBeCloseTo(0.002 / PEAK_NOISE_FLOOR, 2);
  });

  it('builds the same bars from an envelope streamed in odd-sized pieces as from the whole PCM', () => {
    const { samples: tone } = tonePcm(3, { sampleRate, amplitude: 0.3 });
    const samples = new Float32Array(tone.length);
    samples.set(tone.subarray(0, tone.length / 3), tone.length / 3);
    const streamed = peaksFromEnvelope(envelopeOf(samples, 4093));
    const whole = computePeaks(samples);
    const differences = streamed.map((peak, index) => Math.abs(peak - (whole[index] ?? 0)));
    // Bar edges fall on envelope blocks, not on samples: at most the bars at the edges differ.
    expect(differences.filter((difference) => difference > 0.05).length).toBeLessThanOrEqual(2);
    expect(streamed.every((peak) => peak >= 0 && peak <= 1)).toBe(true);
  });

  it('stretches a recording shorter than the number of bars', () => {
    expect(peaksFromEnvelope([0.5, 0.25], 4)).toEqual([1, 1, 0.5, 0.5]);
    expect(peaksFromEnvelope([], 3)).toEqual([0, 0, 0]);
  });

  it('envelope blocks span calls', () => {
    const builder = createEnvelopeBuilder(4);
    expect(builder.add(new Float32Array([0.1, -0.3, 0.2]))).toEqual([]);
    expect(builder.add(new Float32Array([0, 0.5]))).toEqual([expect.closeTo(0.3, 5)]);
    expect(builder.flush()).toEqual([0.5]);
    expect(builder.flush()).toEqual([]);
  });
});

describe('levelFromPeak', () => {
  it('maps -60..0 dBFS onto 0..1', () => {
    expect(levelFromPeak(0)).toBe(0);
    expect(levelFromPeak(0.001)).toBeCloseTo(0, 5);
    expect(levelFromPeak(0.0316)).toBeCloseTo(0.5, 2);
    expect(levelFromPeak(1)).toBe(1);
    expect(levelFromPeak(2)).toBe(1);
  });
});
