import { createEncoder } from 'wasm-media-encoders';

/** Mono at 64 kbps constant bitrate: clear speech at about 480 KB a minute. */
export const DEFAULT_MP3_BITRATE = 64;

export type Mp3Bitrate = 32 | 48 | 64 | 96 | 128;

/** The compiled LAME module, its bytes, or a URL to fetch it from. */
export type Mp3WasmSource = ArrayBuffer | Uint8Array | WebAssembly.Module;

export type Mp3Encoder = {
  /** Encodes mono PCM (-1..1); answers the MP3 bytes LAME completed, often none. */
  encode(samples: Float32Array): Uint8Array;
  /** Flushes the last frames; the encoder cannot be used afterwards. */
  finish(): Uint8Array;
};

/**
 * A streaming MP3 encoder (LAME through wasm-media-encoders). The wasm is always handed in:
 * the package's own default would fetch it from a CDN.
 */
export async function createMp3Encoder(wasm: Mp3WasmSource, options: { sampleRate: number; bitrate?: Mp3Bitrate }): Promise<Mp3Encoder> {
  const source = wasm instanceof Uint8Array ? wasm.slice().buffer : wasm;
  const encoder = await createEncoder('audio/mpeg', source);
  encoder.configure({ sampleRate: options.sampleRate, channels: 1, bitrate: options.bitrate ?? DEFAULT_MP3_BITRATE });
  return {
    // LAME's output buffer lives in wasm memory and is reused by the next call: copy it out.
    encode: (samples) => encoder.encode([samples]).slice(),
    finish: () => encoder.finalize().slice(),
  };
}
