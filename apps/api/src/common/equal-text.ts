import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two strings are the same, compared in constant time so that a signature or token
 * cannot be guessed a character at a time from how long a refusal takes. timingSafeEqual
 * throws on buffers of different lengths, so those are unequal first: a length is no secret.
 */
export function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
