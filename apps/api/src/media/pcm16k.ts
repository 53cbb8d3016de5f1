import { open } from 'node:fs/promises';
import { decodeAudio } from './audio-file.ts';
import { createResampler } from './resampler.ts';

/** pocketsphinx's acoustic model (pocketsphinx-en-us) is trained on 16 kHz speech. */
export const RECOGNISER_RATE = 16_000;

/**
 * Decodes a recording to 16 kHz mono signed 16-bit little-endian PCM in the file at `path`,
 * chunk by chunk; answers how many samples were written.
 */
export async function writePcm16k(bytes: Uint8Array, path: string): Promise<{ samples: number }> {
  const file = await open(path, 'w');
  let samples = 0;
  try {
    let resampler: ReturnType<typeof createResampler> | null = null;
    const write = async (chunk: Float32Array) => {
      const pcm = Buffer.alloc(chunk.length * 2);
      for (let index = 0; index < chunk.length; index++) {
        const clipped = Math.max(-1, Math.min(1, chunk[index]!));
        pcm.writeInt16LE(Math.round(clipped * 32_767), index * 2);
      }
      samples += chunk.length;
      await file.write(pcm);
    };
    for await (const chunk of decodeAudio(bytes, { preferredRate: RECOGNISER_RATE })) {
      resampler ??= createResampler(chunk.sampleRate, RECOGNISER_RATE);
      await write(resampler.push(chunk.samples));
    }
    if (resampler) await write(resampler.flush());
  } finally {
    await file.close();
  }
  return { samples };
}
