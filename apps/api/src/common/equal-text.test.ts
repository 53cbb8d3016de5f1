import { describe, expect, it } from 'vitest';
import { equalText } from './equal-text.ts';

describe('equalText', () => {
  it('is true for the same text', () => {
    expect(equalText('1712345678.abcDEF_-', '1712345678.abcDEF_-')).toBe(true);
  });

  it('is false for different text of the same length', () => {
    expect(equalText('signature-a', 'signature-b')).toBe(false);
  });

  it('is false, without throwing, for text of different lengths', () => {
    expect(equalText('short', 'a longer one')).toBe(false);
    expect(equalText('abc', 'abcd')).toBe(false);
  });

  it('compares empty text: equal to itself, unequal to anything else', () => {
    expect(equalText('', '')).toBe(true);
    expect(equalText('', 'a')).toBe(false);
    expect(equalText('a', '')).toBe(false);
  });
});
