import { describe, expect, it } from 'vitest';
import { waveformBars } from './waveform-image.ts';

describe('waveformBars', () => {
  it('puts one centred bar per peak across the width', () => {
    const bars = waveformBars([0, 0.5, 1], 300, 100);
    expect(bars).toHaveLength(3);
    expect(bars.map((bar) => Math.round(bar.x))).toEqual([17, 117, 217]);
    expect(bars.every((bar) => Math.abs(bar.y + bar.height / 2 - 50) < 1e-9)).toBe(true);
    expect(bars[2]!.height).toBeGreaterThan(bars[1]!.height);
    expect(bars[2]!.y + bars[2]!.height).toBeLessThanOrEqual(100);
  });

  it('draws silence as a thin line, never nothing', () => {
    expect(waveformBars([0], 100, 100)[0]!.height).toBe(2);
    expect(waveformBars([], 100, 100)).toEqual([]);
  });
});
