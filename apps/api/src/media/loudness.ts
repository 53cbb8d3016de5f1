/**
 * Loudness normalisation for re-encoded messages, kept simple and predictable: the level is
 * the RMS of the 50 ms blocks louder than -50 dBFS (so pauses do not count), and one gain
 * brings it to -18 dBFS, limited to +-20 dB and so that no peak exceeds -1 dBFS. No
 * compression: speech keeps its dynamics, only the overall level changes.
 */
export const LOUDNESS_TARGET_DBFS = -18;
export const PEAK_CEILING_DBFS = -1;
const GATE_DBFS = -50;
const MAX_GAIN_DB = 20;
const BLOCK_SECONDS = 0.05;

const fromDb = (decibels: number) => 10 ** (decibels / 20);
export const toDb = (amplitude: number) => 20 * Math.log10(Math.max(amplitude, 1e-9));

export type LoudnessMeter = {
  push(chunk: Float32Array): void;
  /** Gated RMS (0 for silence) and the highest absolute sample. */
  result(): { rms: number; peak: number };
};

export function createLoudnessMeter(sampleRate: number): LoudnessMeter {
  const blockLength = Math.max(1, Math.round(sampleRate * BLOCK_SECONDS));
  const gate = fromDb(GATE_DBFS) ** 2;
  let blockSum = 0;
  let blockFill = 0;
  let gatedSum = 0;
  let gatedBlocks = 0;
  let peak = 0;
  const closeBlock = () => {
    const meanSquare = blockSum / blockFill;
    if (meanSquare > gate) {
      gatedSum += meanSquare;
      gatedBlocks++;
    }
    blockSum = 0;
    blockFill = 0;
  };
  return {
    push(chunk) {
      for (const sample of chunk) {
        blockSum += sample * sample;
        blockFill++;
        const magnitude = Math.abs(sample);
        if (magnitude > peak) peak = magnitude;
        if (blockFill === blockLength) closeBlock();
      }
    },
    result() {
      if (blockFill > blockLength / 2) closeBlock();
      return { rms: gatedBlocks > 0 ? Math.sqrt(gatedSum / gatedBlocks) : 0, peak };
    },
  };
}

/** The gain that takes a signal of this loudness to the target; 1 for silence. */
export function normalisingGain(measured: { rms: number; peak: number }): number {
  if (measured.rms <= 0 || measured.peak <= 0) return 1;
  const limit = fromDb(MAX_GAIN_DB);
  let gain = Math.min(limit, Math.max(1 / limit, fromDb(LOUDNESS_TARGET_DBFS) / measured.rms));
  const ceiling = fromDb(PEAK_CEILING_DBFS);
  if (measured.peak * gain > ceiling) gain = ceiling / measured.peak;
  return gain;
}
