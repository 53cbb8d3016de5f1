/** At most this many words of a search are used: more narrows nothing a person would notice. */
const MAX_TERMS = 16;
/** How long a snippet is: about two lines of an inbox item. */
export const SNIPPET_LENGTH = 160;
/** With a search, how much text comes before the match in its snippet. */
const CONTEXT_BEFORE = 50;

/**
 * The words of a search, lowercased: runs of letters and digits in any script. Everything
 * else separates words, as PostgreSQL's 'simple' parser mostly does, and nothing of the
 * person's text reaches tsquery syntax (no operators, no quotes).
 */
export function searchTerms(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** Every word must appear, each as the start of a word: "meet" finds "meeting". */
export function toTsQuery(terms: string[]): string {
  return terms.map((term) => `${term}:*`).join(' & ');
}

function cutAtWord(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * About 160 characters of a transcript or written message: its start, or with a search a
 * window that begins a little before the first word that matched, so the match is visible.
 */
export function snippetOf(text: string, terms: string[]): string | null {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return null;
  const lower = flat.toLowerCase();
  const positions = terms
    .map((term) => {
      const at = new RegExp(`(?<![\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u').exec(lower);
      return at ? at.index : -1;
    })
    .filter((index) => index >= 0);
  const first = positions.length > 0 ? Math.min(...positions) : -1;
  if (first <= CONTEXT_BEFORE) return cutAtWord(flat, SNIPPET_LENGTH);
  const space = flat.indexOf(' ', first - CONTEXT_BEFORE);
  const start = space >= 0 && space < first ? space + 1 : first;
  return `…${cutAtWord(flat.slice(start), SNIPPET_LENGTH - 1)}`;
}
