/** Bars in a waveform unless asked otherwise: enough for a player, small enough for the upload context. */
export const DEFAULT_PEAK_BARS = 100;

/**
 * The envelope keeps one value per 20 ms of audio, so peaks can be computed for any length at
 * stop time without keeping the PCM (about 3,000 numbers a minute).
 */
export const ENVELOPE_BLOCK_SECONDS = 0.02;

/**
 * Below this level a recording counts as silence: normalising divides by at least this much,
 * so a quiet room does not become a wall of full-height bars.
 */
export const PEAK_NOISE_FLOOR = 0.05;

/** Scales bars so the loudest is 1, unless everything is below the noise floor; 3 decimals. */
export function normalisePeaks(bars: readonly number[]): number[] {
  let loudest = 0;
  for (const bar of bars) loudest = Math.max(loudest, bar);
  const scale = 1 / Math.max(loudest, PEAK_NOISE_FLOOR);
  return bars.map((bar) => Math.round(Math.min(1, Math.max(0, bar * scale)) * 1000) / 1000);
}

/**
 * Reduces envelope values (the loudest absolute sample of each block) to `bars` bars, each the
 * loudest block it covers, normalised. A recording with fewer blocks than bars stretches.
 */
export function peaksFromEnvelope(envelope: ArrayLike<number>, bars = DEFAULT_PEAK_BARS): number[] {
  const count = envelope.length;
  if (count === 0) return new Array<number>(bars).fill(0);
  const raw: number[] = [];
  for (let bar = 0; bar < bars; bar++) {
    const from = Math.floor((bar * count) / bars);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * count) / bars));
    let loudest = 0;
    for (let index = from; index < to; index++) loudest = Math.max(loudest, Math.abs(envelope[index] ?? 0));
    raw.push(loudest);
  }
  return normalisePeaks(raw);
}

/** Peaks of a whole PCM buffer: the loudest sample of each of `bars` equal slices, normalised. */
export function computePeaks(samples: Float32Array, options: { bars?: number } = {}): number[] {
  return peaksFromEnvelope(samples, options.bars ?? DEFAULT_PEAK_BARS);
}

/**
 * Builds the envelope from PCM as it arrives, in blocks of `blockSize` samples that may span
 * several calls. `add` answers the blocks it completed; `flush` the last, partial one.
 */
export function createEnvelopeBuilder(blockSize: number) {
  let loudest = 0;
  let filled = 0;
  return {
    add(samples: Float32Array): number[] {
      const completed: number[] = [];
      for (let index = 0; index < samples.length; index++) {
        const value = Math.abs(samples[index] ?? 0);
        if (value > loudest) loudest = value;
        filled++;
        if (filled === blockSize) {
          completed.push(loudest);
          loudest = 0;
          filled = 0;
        }
      }
      return completed;
    },
    flush(): number[] {
      if (filled === 0) return [];
      const last = loudest;
      loudest = 0;
      filled = 0;
      return [last];
    },
  };
}

export type EnvelopeBuilder = ReturnType<typeof createEnvelopeBuilder>;

/** Envelope block size in samples for a sample rate. */
export const envelopeBlockSize = (sampleRate: number) => Math.max(1, Math.round(sampleRate * ENVELOPE_BLOCK_SECONDS));

/**
 * A level meter value in 0..1 from an amplitude (the recorder and the microphone test pass a
 * short window's RMS): a decibel scale from -60 dBFS (0) to 0 dBFS (1), which is how loudness
 * is perceived. Normal speech sits around -30 to -12 dBFS RMS, 0.5 to 0.8 here.
 */
export function levelFromPeak(peak: number): number {
  if (!(peak > 0)) return 0;
  const decibels = 20 * Math.log10(Math.min(1, peak));
  return Math.min(1, Math.max(0, (decibels + 60) / 60));
}
