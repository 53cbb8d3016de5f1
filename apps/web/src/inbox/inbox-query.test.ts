import { describe, expect, it } from 'vitest';
import { EMPTY_QUERY, filterKeyOf, readInboxQuery, withFilter, writeInboxQuery } from './inbox-query.ts';

describe('the inbox query in the address', () => {
  it('round-trips every filter, folder and search', () => {
    const query = {
      view: 'received' as const,
      source: 'contact-form' as const,
      folder: '0b6f3a3e-9d4c-4b7a-8f1e-2c3d4e5f6a7b',
      q: 'quote & price',
    };
    expect(readInboxQuery(writeInboxQuery(query))).toEqual(query);
    expect(readInboxQuery(writeInboxQuery({ ...EMPTY_QUERY, view: 'sent', folder: 'none' }))).toEqual({
      ...EMPTY_QUERY,
      view: 'sent',
      folder: 'none',
    });
  });

  it('leaves the defaults out, so the plain inbox has a plain address', () => {
    expect(writeInboxQuery(EMPTY_QUERY)).toBe('');
    expect(writeInboxQuery({ ...EMPTY_QUERY, q: '   ' })).toBe('');
  });

  it('drops what it cannot read instead of failing', () => {
    expect(readInboxQuery('?view=everything&source=spam&folder=../x&q=hello')).toEqual({ ...EMPTY_QUERY, q: 'hello' });
    expect(readInboxQuery(`?q=${'a'.repeat(500)}`).q).toHaveLength(200);
  });

  it('a source filter implies received; a view clears the source', () => {
    const bySource = withFilter(EMPTY_QUERY, 'collect');
    expect(bySource).toMatchObject({ view: 'received', source: 'collect' });
    expect(filterKeyOf(bySource)).toBe('collect');
    expect(withFilter(bySource, 'sent')).toMatchObject({ view: 'sent', source: null });
  });
});
