import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-url.ts';

describe('canonical links (spec section 2)', () => {
  it('keeps only whitelisted parameters, sorted by name, and drops the fragment', () => {
    expect(canonicalUrl('https://vocal.example/listen/Ab12?utm_source=x&t=10&lang=en#top', { allowedParameters: ['t', 'lang'] })).toBe(
      'https://vocal.example/listen/Ab12?lang=en&t=10',
    );
    expect(canonicalUrl('https://vocal.example/record?utm_campaign=y')).toBe('https://vocal.example/record');
  });

  it('lowercases when configured', () => {
    expect(canonicalUrl('https://Vocal.example/Listen/AB12', { lowercase: true })).toBe('https://vocal.example/listen/ab12');
    expect(canonicalUrl('https://vocal.example/Listen/AB12')).toBe('https://vocal.example/Listen/AB12');
  });

  it('is omitted on error pages', () => {
    expect(canonicalUrl('https://vocal.example/nope', { isErrorPage: true })).toBeNull();
  });
});
