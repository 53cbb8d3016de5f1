import { describe, expect, it } from 'vitest';
import { searchTerms, snippetOf, SNIPPET_LENGTH, toTsQuery } from './inbox-search.ts';

describe('searchTerms', () => {
  it('keeps letters and digits of any script, lowercased, once each', () => {
    expect(searchTerms('Zürich  2026 zürich')).toEqual(['zürich', '2026']);
    expect(searchTerms('anna@example.org')).toEqual(['anna', 'example', 'org']);
  });

  it('lets no tsquery syntax through', () => {
    expect(toTsQuery(searchTerms("it's & (a | !b):* <-> 'c'"))).toBe('it:* & s:* & a:* & b:* & c:*');
    expect(searchTerms('?! --')).toEqual([]);
  });
});

describe('snippetOf', () => {
  const long = `${'Some words before the point. '.repeat(6)}Here is the blueberry part. ${'And words after it. '.repeat(10)}`;

  it('is the start of the text, cut at a word, without a search', () => {
    const snippet = snippetOf(long, [])!;
    expect(snippet.startsWith('Some words before')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
  });

  it('shows the first match with a little before it', () => {
    const snippet = snippetOf(long, ['blue'])!;
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet).toContain('Here is the blueberry part.');
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 1);
  });

  it('matches only at the start of a word, as the search does', () => {
    expect(snippetOf(long, ['erry'])!.startsWith('Some words')).toBe(true);
  });

  it('is null for no text', () => {
    expect(snippetOf('   ', ['a'])).toBeNull();
  });
});
