import { createMp3Encoder } from 'wasm-media-encoders';
import { createLoudnessMeter, normalisingGain } from './loudness.ts';
import { decodeAudio } from './audio-file.ts';
import { createResampler } from './resampler.ts';

/**
 * Every re-encoded message is mono MP3 at a constant 64 kbit/s: plenty for speech, about
 * 29 MB an hour, and playable everywhere.
 */
export const REENCODE_BITRATE = 64;
const MP3_RATES = [8000, 11_025, 12_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000] as const;
type Mp3Rate = (typeof MP3_RATES)[number];

export type ReencodeResult = { mp3: Uint8Array; durationSeconds: number; gain: number };

/**
 * Decodes any accepted recording, normalises its loudness (two passes: measure, then apply
 * one gain) and encodes mono constant-bitrate MP3. The sample rate is kept when MP3 has it.
 */
export async function reencodeToMp3(bytes: Uint8Array, signal?: AbortSignal): Promise<ReencodeResult> {
  let sampleRate = 0;
  let meter: ReturnType<typeof createLoudnessMeter> | null = null;
  for await (const chunk of decodeAudio(bytes)) {
    signal?.throwIfAborted();
    sampleRate ||= chunk.sampleRate;
    meter ??= createLoudnessMeter(chunk.sampleRate);
    meter.push(chunk.samples);
  }
  if (!meter || sampleRate === 0) throw new Error('The recording holds no audio');
  const gain = normalisingGain(meter.result());
  const outputRate: Mp3Rate = MP3_RATES.find((rate) => rate === sampleRate) ?? 44_100;

  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate: outputRate, channels: 1, bitrate: REENCODE_BITRATE });
  const resampler = createResampler(sampleRate, outputRate);
  const parts: Uint8Array[] = [];
  let samplesOut = 0;
  const encode = (samples: Float32Array) => {
    for (let index = 0; index < samples.length; index++) samples[index]! *= gain;
    samplesOut += samples.length;
    // The encoder reuses its output buffer: copy each part out.
    parts.push(encoder.encode([samples]).slice());
  };
  for await (const chunk of decodeAudio(bytes)) {
    signal?.throwIfAborted();
    encode(resampler.push(chunk.samples));
  }
  encode(resampler.flush());
  parts.push(encoder.finalize().slice());
  const mp3 = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    mp3.set(part, offset);
    offset += part.length;
  }
  return { mp3, durationSeconds: samplesOut / outputRate, gain };
}
