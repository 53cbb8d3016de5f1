/**
 * A streaming windowed-sinc resampler for mono PCM, so speech decoded at 44.1 or 48 kHz can
 * feed a recogniser that wants 16 kHz without shelling out to a converter. The kernel is a
 * Blackman-windowed sinc, low-passed below the lower of the two Nyquist frequencies (so
 * downsampling does not alias), and read from a precomputed table.
 */

/** Zero crossings of the sinc on each side: more is sharper and slower. */
const ZERO_CROSSINGS = 12;
/** Kernel table entries per input sample. */
const TABLE_STEPS = 256;

export type Resampler = {
  /** Resamples the next chunk; output lags by the kernel's half-width until `flush`. */
  push(chunk: Float32Array): Float32Array;
  /** The remaining output once the input has ended. */
  flush(): Float32Array;
};

export function createResampler(fromRate: number, toRate: number): Resampler {
  if (fromRate === toRate) {
    return { push: (chunk) => chunk, flush: () => new Float32Array(0) };
  }
  const ratio = toRate / fromRate;
  // Cut off a little below the lower Nyquist frequency, as a fraction of the input's.
  const cutoff = Math.min(1, ratio) * 0.92;
  const halfWidth = Math.ceil(ZERO_CROSSINGS / cutoff);
  const table = new Float32Array(halfWidth * TABLE_STEPS + 2);
  for (let index = 0; index < table.length; index++) {
    const distance = index / TABLE_STEPS;
    const x = Math.PI * cutoff * distance;
    const sinc = distance === 0 ? 1 : Math.sin(x) / x;
    const phase = Math.min(1, distance / halfWidth);
    const window = 0.42 + 0.5 * Math.cos(Math.PI * phase) + 0.08 * Math.cos(2 * Math.PI * phase);
    table[index] = cutoff * sinc * window;
  }

  let buffer = new Float32Array(0);
  /** Absolute index (in input samples) of buffer[0]. */
  let bufferStart = 0;
  /** Absolute index of the next output sample. */
  let nextOutput = 0;

  function produce(final: boolean): Float32Array {
    const inputEnd = bufferStart + buffer.length;
    const outputs: number[] = [];
    for (;;) {
      const centre = nextOutput / ratio;
      if (final ? centre >= inputEnd : centre + halfWidth >= inputEnd) break;
      const first = Math.max(0, Math.ceil(centre - halfWidth));
      const last = Math.min(inputEnd - 1, Math.floor(centre + halfWidth));
      let sum = 0;
      let weights = 0;
      for (let position = first; position <= last; position++) {
        const weight = table[Math.round(Math.abs(centre - position) * TABLE_STEPS)] ?? 0;
        sum += weight * buffer[position - bufferStart]!;
        weights += weight;
      }
      // Dividing by the weights keeps the gain at 1 at the edges of the signal too.
      outputs.push(weights > 0 ? sum / weights : 0);
      nextOutput++;
    }
    const keepFrom = Math.max(bufferStart, Math.floor(nextOutput / ratio - halfWidth) - 1);
    buffer = buffer.subarray(keepFrom - bufferStart);
    bufferStart = keepFrom;
    return Float32Array.from(outputs);
  }

  return {
    push(chunk) {
      const joined = new Float32Array(buffer.length + chunk.length);
      joined.set(buffer);
      joined.set(chunk, buffer.length);
      buffer = joined;
      return produce(false);
    },
    flush: () => produce(true),
  };
}

/** Resamples a whole signal at once. */
export function resample(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  const resampler = createResampler(fromRate, toRate);
  const head = resampler.push(samples);
  const tail = resampler.flush();
  const output = new Float32Array(head.length + tail.length);
  output.set(head);
  output.set(tail, head.length);
  return output;
}
