import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [64.9, '1:04'],
    [200, '3:20'],
    [599, '9:59'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [36_000, '10:00:00'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -3])('%s reads 0:00', (seconds) => {
    expect(formatDuration(seconds)).toBe('0:00');
  });
});
