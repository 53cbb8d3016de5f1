import { crc32, deflateSync } from 'node:zlib';
import { encode as encodeJpeg } from 'jpeg-js';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/** A real PNG (RGBA, a soft gradient), `width` x `height`. */
export function makePng(width = 64, height = 16): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    for (let x = 0; x < width; x++) {
      const pixel = row + 1 + x * 4;
      rows[pixel] = 38;
      rows[pixel + 1] = 126;
      rows[pixel + 2] = Math.round((x / Math.max(1, width - 1)) * 250);
      rows[pixel + 3] = 255;
    }
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/**
 * A decompression bomb: a PNG of `side` × `side` one-bit grey pixels, all black. At 16000 × 16000
 * it is about 31 KB on disk and 256 megapixels (a gigabyte as RGBA) once decoded; making it
 * holds its 32 MB of packed rows for a moment.
 */
export function makeBombPng(side = 16000): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(side / 8) + 1) * side);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** The first bytes of a JPEG: enough for a type check. */
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);

/** The two colours of makeJpeg and makeGif: the left half, then the right. */
export const HALVES = { left: [220, 20, 60], right: [38, 126, 250] } as const;

const halfOf = (x: number, width: number) => (x < width / 2 ? HALVES.left : HALVES.right);

/** A real baseline JPEG (jpeg-js), `width` x `height`: the left half crimson, the right blue. */
export function makeJpeg(width = 64, height = 16, quality = 90): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([...halfOf(x, width), 255], (y * width + x) * 4);
  }
  return new Uint8Array(encodeJpeg({ data, width, height }, quality).data);
}

/**
 * A real GIF89a, `width` x `height`, halves as makeJpeg's. Its LZW stream sends a clear code
 * before every two pixels, so each code stays 3 bits and no dictionary is needed (large, but
 * every decoder reads it).
 */
export function makeGif(width = 64, height = 16): Uint8Array<ArrayBuffer> {
  const word = (value: number) => [value & 0xff, value >> 8];
  // Four colours: 0 and 1 are the halves; 2 and 3 fill the table.
  const palette = [...HALVES.left, ...HALVES.right, 255, 255, 255, 0, 0, 0];
  const CLEAR = 4;
  const END = 5;
  const codes: number[] = [];
  for (let pixel = 0; pixel < width * height; pixel++) {
    if (pixel % 2 === 0) codes.push(CLEAR);
    codes.push(pixel % width < width / 2 ? 0 : 1);
  }
  codes.push(END);
  const packed: number[] = [];
  let bits = 0;
  let count = 0;
  for (const code of codes) {
    bits |= code << count;
    count += 3;
    while (count >= 8) {
      packed.push(bits & 0xff);
      bits >>= 8;
      count -= 8;
    }
  }
  if (count > 0) packed.push(bits & 0xff);
  const blocks: number[] = [];
  for (let at = 0; at < packed.length; at += 255) {
    const block = packed.slice(at, at + 255);
    blocks.push(block.length, ...block);
  }
  return new Uint8Array([
    ...Buffer.from('GIF89a', 'latin1'),
    ...word(width),
    ...word(height),
    // A global colour table of 4 entries, 2 bits of colour resolution.
    0x91,
    0,
    0,
    ...palette,
    0x2c,
    ...word(0),
    ...word(0),
    ...word(width),
    ...word(height),
    0,
    // LZW minimum code size 2: literal codes 0-3, clear 4, end 5.
    2,
    ...blocks,
    0,
    0x3b,
  ]);
}
