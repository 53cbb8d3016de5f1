import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import decode, { init } from '@jsquash/webp/decode.js';

export type WebpHeader = { width: number; height: number; lossless: boolean };

/**
 * A WebP's size from its header alone (RIFF, then a VP8L, VP8X or VP8 chunk), or null when the
 * bytes are no WebP: enough to check what a server stored without decoding it.
 */
export function readWebpHeader(bytes: Uint8Array): WebpHeader | null {
  const text = (at: number, length: number) => Buffer.from(bytes.subarray(at, at + length)).toString('latin1');
  if (bytes.length < 30 || text(0, 4) !== 'RIFF' || text(8, 4) !== 'WEBP') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunk = text(12, 4);
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    // 14 bits of width - 1, then 14 of height - 1, little-endian.
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1, lossless: true };
  }
  if (chunk === 'VP8X') {
    const uint24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
    // The image chunk follows the extended header and any others (ICC, animation, alpha).
    let at = 30;
    while (at + 8 <= bytes.length && text(at, 4) !== 'VP8L' && text(at, 4) !== 'VP8 ') {
      const size = view.getUint32(at + 4, true);
      at += 8 + size + (size & 1);
    }
    return { width: uint24(24) + 1, height: uint24(27) + 1, lossless: text(at, 4) === 'VP8L' };
  }
  if (chunk === 'VP8 ') {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff, lossless: false };
  }
  return null;
}

let ready: Promise<unknown> | null = null;

/** Decodes a WebP to straight RGBA (libwebp in WebAssembly, from @jsquash/webp), to check its pixels. */
export async function decodeWebp(bytes: Uint8Array): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  ready ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve('@jsquash/webp/codec/dec/webp_dec.wasm');
    // Node cannot fetch the package's wasm by URL: its bytes are handed over as Emscripten's wasmBinary.
    return init({ wasmBinary: await readFile(wasmPath) } as Parameters<typeof init>[0]);
  })();
  await ready;
  const copy = new Uint8Array(bytes);
  const image = await decode(copy.buffer);
  return { width: image.width, height: image.height, data: image.data };
}
