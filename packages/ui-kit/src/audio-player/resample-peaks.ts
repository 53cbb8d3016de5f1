const clampUnit = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/**
 * Below this loudest peak a recording is shown at its real (small) size rather than stretched,
 * so near-silence does not look like shouting.
 */
const QUIETEST_NORMALISED_PEAK = 0.2;

/**
 * Peaks (0..1) fitted to `count` bars: the loudest peak of each stretch when there are more
 * peaks than bars, interpolated when there are fewer, then scaled so the loudest bar is full
 * height.
 */
export function resamplePeaks(peaks: readonly number[], count: number): number[] {
  if (count <= 0) return [];
  if (peaks.length === 0) return new Array<number>(count).fill(0);
  const values = peaks.map(clampUnit);
  let fitted: number[];
  if (values.length >= count) {
    fitted = Array.from({ length: count }, (_, index) => {
      const start = Math.floor((index * values.length) / count);
      const end = Math.max(start + 1, Math.floor(((index + 1) * values.length) / count));
      let loudest = 0;
      for (let position = start; position < end; position += 1) loudest = Math.max(loudest, values[position] ?? 0);
      return loudest;
    });
  } else {
    fitted = Array.from({ length: count }, (_, index) => {
      const position = count === 1 ? 0 : (index * (values.length - 1)) / (count - 1);
      const before = values[Math.floor(position)] ?? 0;
      const after = values[Math.ceil(position)] ?? before;
      return before + (after - before) * (position - Math.floor(position));
    });
  }
  const loudest = fitted.reduce((max, value) => Math.max(max, value), 0);
  const scale = 1 / Math.max(loudest, QUIETEST_NORMALISED_PEAK);
  return fitted.map((value) => Math.min(1, value * scale));
}
