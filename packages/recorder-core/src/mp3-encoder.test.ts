import { describe, expect, it } from 'vitest';
import { decodeMp3, tonePcm } from '@vocal/test-fixtures';
import { createMp3Encoder } from './mp3-encoder.ts';
import { readMp3WasmInNode } from './testing/node-mp3-wasm.ts';

/** Samples in one MPEG-1 Layer III frame. */
const FRAME = 1152;

async function encode(samples: Float32Array, sampleRate: number, chunk: number) {
  const encoder = await createMp3Encoder(await readMp3WasmInNode(), { sampleRate });
  const parts: Uint8Array[] = [];
  for (let offset = 0; offset < samples.length; offset += chunk) parts.push(encoder.encode(samples.subarray(offset, offset + chunk)));
  parts.push(encoder.finish());
  return new Uint8Array(Buffer.concat(parts));
}

describe('MP3 encoder', () => {
  it.each([48_000, 44_100])('encodes %i Hz mono that decodes back to the input length and is not silent', async (sampleRate) => {
    const { samples } = tonePcm(3, { sampleRate, amplitude: 0.5 });
    const bytes = await encode(samples, sampleRate, 4096);
    // Constant 64 kbps: 8 KB a second.
    expect(bytes.byteLength).toBeGreaterThan(3 * 8000 * 0.95);
    expect(bytes.byteLength).toBeLessThan(3 * 8000 * 1.1);
    const decoded = await decodeMp3(bytes);
    const decodedSamples = decoded.durationSeconds * decoded.sampleRate;
    const inputSamples = samples.length * (decoded.sampleRate / sampleRate);
    // LAME's encoder delay and the padding of the last frame: within two frames.
    expect(Math.abs(decodedSamples - inputSamples)).toBeLessThanOrEqual(2 * FRAME);
    expect(decoded.rms).toBeGreaterThan(0.2);
  });

  it('takes PCM in pieces of any size', async () => {
    const { samples } = tonePcm(1, { sampleRate: 48_000 });
    const decoded = await decodeMp3(await encode(samples, 48_000, 333));
    expect(Math.abs(decoded.durationSeconds - 1)).toBeLessThan((2 * FRAME) / 48_000);
  });
});
