/** The parts one after another in one array: MP3 streams with junk between them, say. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** Deterministic bytes that hold no MP3 sync word (0xFF), so no test depends on chance. */
export function junkBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 131 + 17) % 251;
  return bytes;
}
