import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js';
import { decode as decodeJpeg } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { decodeMp3, makeLongMp3, makeMp3, makeSpeechWav, wavSeconds } from './audio.ts';
import { HALVES, makeGif, makeJpeg, makePng } from './image.ts';
import { decodeWebp, readWebpHeader } from './webp.ts';

/** RGBA of one pixel. */
const pixelAt = (image: { width: number; data: ArrayLike<number> }, x: number, y: number) =>
  Array.from({ length: 4 }, (_, channel) => image.data[(y * image.width + x) * 4 + channel]!);

describe('fixtures', () => {
  it('makes an MP3 that decodes back to its length and is not silent', async () => {
    const decoded = await decodeMp3(await makeMp3(2));
    expect(decoded.durationSeconds).toBeGreaterThan(1.95);
    expect(decoded.durationSeconds).toBeLessThan(2.15);
    expect(decoded.rms).toBeGreaterThan(0.1);
  });

  it('makes a long MP3 from repeated pieces that decodes as one stream of at least its length', async () => {
    const decoded = await decodeMp3(await makeLongMp3(25, { sampleRate: 16_000 }));
    expect(decoded.durationSeconds).toBeGreaterThanOrEqual(25);
    expect(decoded.durationSeconds).toBeLessThan(25.5);
    expect(decoded.rms).toBeGreaterThan(0.1);
  });

  it('makes a PNG with the right signature and size', () => {
    const png = Buffer.from(makePng(10, 3));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(10);
    expect(png.readUInt32BE(20)).toBe(3);
  });

  it('makes a JPEG that decodes to its two halves', () => {
    const jpeg = decodeJpeg(makeJpeg(40, 10), { useTArray: true });
    expect([jpeg.width, jpeg.height]).toEqual([40, 10]);
    for (const [x, colour] of [
      [5, HALVES.left],
      [35, HALVES.right],
    ] as const) {
      pixelAt(jpeg, x, 5)
        .slice(0, 3)
        .forEach((value, channel) => expect(Math.abs(value - colour[channel]!)).toBeLessThanOrEqual(4));
    }
  });

  it('makes a GIF89a naming its size and the two colours, its data in sub-blocks up to the trailer', () => {
    const gif = makeGif(300, 7);
    expect(Buffer.from(gif.subarray(0, 6)).toString('latin1')).toBe('GIF89a');
    expect([gif[6]! | (gif[7]! << 8), gif[8]! | (gif[9]! << 8)]).toEqual([300, 7]);
    expect([...gif.subarray(13, 19)]).toEqual([...HALVES.left, ...HALVES.right]);
    // Descriptor at 25 (13 + 4 colours), LZW code size at 35, then sub-blocks.
    expect(gif[25]).toBe(0x2c);
    let at = 36;
    let dataBytes = 0;
    while (gif[at] !== 0) {
      dataBytes += gif[at]!;
      at += gif[at]! + 1;
    }
    // 2100 pixels and a clear code before each two, then the end code: 3151 codes of 3 bits.
    expect(dataBytes).toBe(Math.ceil(((300 * 7 * 3) / 2 + 1) * (3 / 8)));
    expect([...gif.subarray(at)]).toEqual([0, 0x3b]);
  });

  it('reads a WebP size from its header, lossless or not, and decodes its pixels', async () => {
    const wasmPath = createRequire(import.meta.url).resolve('@jsquash/webp/codec/enc/webp_enc_simd.wasm');
    await initWebpEncoder({ wasmBinary: await readFile(wasmPath) } as Parameters<typeof initWebpEncoder>[0]);
    const data = new Uint8ClampedArray(300 * 70 * 4);
    for (let pixel = 0; pixel < 300 * 70; pixel++) data.set([...(pixel % 300 < 150 ? HALVES.left : HALVES.right), 200], pixel * 4);
    const image = { data, width: 300, height: 70, colorSpace: 'srgb' as const };
    const lossless = new Uint8Array(await encodeWebp(image, { lossless: 1, exact: 1 }));
    expect(readWebpHeader(lossless)).toEqual({ width: 300, height: 70, lossless: true });
    const decoded = await decodeWebp(lossless);
    expect([decoded.width, decoded.height]).toEqual([300, 70]);
    expect(pixelAt(decoded, 10, 10)).toEqual([...HALVES.left, 200]);
    expect(pixelAt(decoded, 290, 60)).toEqual([...HALVES.right, 200]);
    // Lossy with alpha is the extended format (VP8X, then ALPH and VP8 chunks).
    const lossy = new Uint8Array(await encodeWebp(image, { quality: 50 }));
    expect(readWebpHeader(lossy)).toEqual({ width: 300, height: 70, lossless: false });
    expect(readWebpHeader(makePng(300, 70))).toBeNull();
  });

  it('makes speech of a given length with espeak-ng', async () => {
    const path = await makeSpeechWav('Hello, this is a test of the voice message product.', { seconds: 3 });
    expect(await wavSeconds(path)).toBeCloseTo(3, 1);
  });
});
