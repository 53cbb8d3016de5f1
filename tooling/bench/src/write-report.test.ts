import { describe, expect, it } from 'vitest';
import { renderReport } from './write-report.ts';

describe('the benchmarks report', () => {
  it('keeps the newest result per benchmark and says whether the target is met', () => {
    const base = { suite: 'recorder', unit: 'x real time', measuredAt: '2026-11-21T00:00:00Z', machine: 'm' };
    const report = renderReport([
      { ...base, name: 'MP3 encode speed', value: 20, target: { value: 50, better: 'higher' } },
      { ...base, name: 'MP3 encode speed', value: 120, target: { value: 50, better: 'higher' } },
      { ...base, suite: 'listen page', name: 'gzipped JavaScript', unit: 'KB', value: 95, target: { value: 80, better: 'lower' } },
    ]);
    expect(report).toContain('| recorder | MP3 encode speed | 120 x real time | ≥ 50 x real time | yes |');
    expect(report).toContain('| listen page | gzipped JavaScript | 95 KB | ≤ 80 KB | **no** |');
    expect(report).not.toContain('| 20 x real time');
  });

  it('keeps the rows of benchmarks not measured this time, and replaces those that were', () => {
    const base = { suite: 'recorder', unit: 'x real time', measuredAt: '2026-11-23T00:00:00Z', machine: 'm' };
    const previous = renderReport([
      { ...base, name: 'MP3 encode speed', value: 20, measuredAt: '2026-11-01T00:00:00Z' },
      { ...base, suite: 'listen page', name: 'gzipped JavaScript', unit: 'KB', value: 57, measuredAt: '2026-11-01T00:00:00Z' },
    ]);
    const report = renderReport([{ ...base, name: 'MP3 encode speed', value: 128 }], previous);
    expect(report).toContain('| listen page | gzipped JavaScript | 57 KB |  |  |  | 2026-11-01, m |');
    expect(report).toContain('| recorder | MP3 encode speed | 128 x real time |');
    expect(report).not.toContain('| 20 x real time');
    expect(report.indexOf('| listen page |')).toBeLessThan(report.indexOf('| recorder |'));
  });
});
