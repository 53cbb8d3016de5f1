import { describe, expect, it } from 'vitest';
import { shareLinks } from './share-links.ts';

describe('share links', () => {
  it('truncates the caption to 50 characters and encodes everything', () => {
    const links = shareLinks(
      'https://vocal.example/listen/Ab12?x=1&y=2',
      'A very long subject that goes well past fifty characters in all',
    );
    const x = new URL(links.find((link) => link.name === 'X')!.href);
    expect(x.searchParams.get('text')).toBe('A very long subject that goes well past fifty cha…');
    expect(x.searchParams.get('url')).toBe('https://vocal.example/listen/Ab12?x=1&y=2');
    expect(links.map((link) => link.name)).toEqual(['X', 'LinkedIn', 'Facebook', 'WhatsApp', 'Email']);
  });
});
