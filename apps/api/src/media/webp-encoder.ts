import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import encode, { init } from '@jsquash/webp/encode.js';

/**
 * The spec's image default is "webp, quality 1": what a browser's canvas.toBlob('image/webp', 1)
 * makes, and Chromium makes that lossless (libwebp's lossless mode at effort 75). Lossless keeps
 * a logo's flat colours and sharp edges exactly and is still smaller than PNG.
 */
export const WEBP_OPTIONS = { lossless: 1, quality: 75, method: 4, exact: 0 } as const;

/**
 * jSquash's glue fetches its wasm by URL, which Node cannot do for a file: its bytes are read
 * here from the package and handed over as Emscripten's `wasmBinary` (an option the package's
 * option type leaves out), so nothing is fetched. The SIMD build: jSquash picks its SIMD glue
 * wherever WebAssembly SIMD exists, as it does in every Node this server runs on (20 and later).
 */
let ready: Promise<unknown> | null = null;

function loadEncoder(): Promise<unknown> {
  ready ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve('@jsquash/webp/codec/enc/webp_enc_simd.wasm');
    return init({ wasmBinary: await readFile(wasmPath) } as Parameters<typeof init>[0]);
  })().catch((error: unknown) => {
    // The next picture tries again rather than failing on the first try's error for the worker's life.
    ready = null;
    throw error;
  });
  return ready;
}

/** Straight (not premultiplied) RGBA pixels encoded as a lossless WebP. */
export async function encodeWebp(rgba: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  await loadEncoder();
  const data = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return new Uint8Array(await encode({ data, width, height, colorSpace: 'srgb' }, WEBP_OPTIONS));
}
