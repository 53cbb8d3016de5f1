import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random base62 string; rejection sampling keeps every character equally likely. */
export function randomId(length: number): string {
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 62 * 4: bytes above it would favour the first characters.
      if (byte < 248 && id.length < length) id += ALPHABET[byte % 62];
    }
  }
  return id;
}

/** Recording ids: 12 characters, about 71 bits, so they cannot be guessed or enumerated. */
export const newRecordingId = () => randomId(12);

/** A user's share code, part of their public share link. */
export const newInviteCode = () => randomId(10);
