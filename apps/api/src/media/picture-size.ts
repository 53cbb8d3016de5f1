/**
 * What a picture says of itself before anything decodes it: its format and its size in pixels,
 * read from its header (PNG's IHDR, JPEG's frame header, GIF's screen and first frame). A
 * decompression bomb is small on disk and huge in pixels (31 KB for 16000 × 16000), so the size
 * is judged here, against PICTURE_LIMITS, before a decoder is given the bytes.
 */

export type PictureFormat = 'png' | 'jpeg' | 'gif';
export type PictureHeader = { format: PictureFormat; contentType: string; width: number; height: number };

/** The most any picture we accept may have: per side, and in all (issue 23, finding 2). */
export const PICTURE_LIMITS = { maxSide: 4096, maxPixels: 16_000_000 } as const;

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngHeader(bytes: Uint8Array): PictureHeader | null {
  // The first chunk must be IHDR, 13 bytes long.
  if (bytes.length < 33 || !startsWith(bytes, PNG_SIGNATURE) || !startsWith(bytes, [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52], 8)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { format: 'png', contentType: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
}

/** The frame header (SOF0–SOF15 but DHT, JPG and DAC) of a JPEG, walking its segments. */
function jpegHeader(bytes: Uint8Array): PictureHeader | null {
  if (!startsWith(bytes, [0xff, 0xd8])) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes, and markers that stand alone without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) return null;
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return { format: 'jpeg', contentType: 'image/jpeg', width, height };
    }
    at += 2 + length;
  }
  return null;
}

/** A GIF's logical screen, grown to its first frame's extent (a frame may reach past the screen). */
function gifHeader(bytes: Uint8Array): PictureHeader | null {
  if (bytes.length < 13 || !startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return null;
  const word = (at: number) => bytes[at]! | (bytes[at + 1]! << 8);
  let width = word(6);
  let height = word(8);
  let at = 13 + (bytes[10]! & 0x80 ? 3 * 2 ** ((bytes[10]! & 0x07) + 1) : 0);
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x2c) {
      if (at + 10 > bytes.length) return null;
      width = Math.max(width, word(at + 1) + word(at + 5));
      height = Math.max(height, word(at + 3) + word(at + 7));
      return { format: 'gif', contentType: 'image/gif', width, height };
    }
    if (block !== 0x21) return null;
    // An extension: its label, then sub-blocks until an empty one.
    at += 2;
    while (at < bytes.length && bytes[at] !== 0) at += bytes[at]! + 1;
    at += 1;
  }
  return null;
}

/** The picture's format and declared size, or null when it is not a PNG, JPEG or GIF we can read. */
export function readPictureHeader(bytes: Uint8Array): PictureHeader | null {
  const header = pngHeader(bytes) ?? jpegHeader(bytes) ?? gifHeader(bytes);
  return header && header.width > 0 && header.height > 0 ? header : null;
}

/** Whether a picture of this size may be decoded at all. */
export const withinPictureLimits = (header: { width: number; height: number }) =>
  header.width <= PICTURE_LIMITS.maxSide &&
  header.height <= PICTURE_LIMITS.maxSide &&
  header.width * header.height <= PICTURE_LIMITS.maxPixels;
