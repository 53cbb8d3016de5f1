export type ImageInfo = {
  format: 'png' | 'jpg' | 'webp' | 'gif';
  contentType: string;
};

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height of a PNG, or null when the bytes are not a PNG with an IHDR chunk. */
export function readPng(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 33 || !startsWith(bytes, PNG_SIGNATURE)) return null;
  // The first chunk must be IHDR, 13 bytes long.
  if (!startsWith(bytes, [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52], 8)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) return null;
  return { width, height };
}

/** The kind of an uploaded picture, told from its bytes; null for anything else. */
export function detectImage(bytes: Uint8Array): ImageInfo | null {
  if (readPng(bytes)) return { format: 'png', contentType: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { format: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { format: 'webp', contentType: 'image/webp' };
  }
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return { format: 'gif', contentType: 'image/gif' };
  return null;
}
