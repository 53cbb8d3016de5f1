/** Words that stay lowercase inside a title (spec section 2: "a, the, of"). */
const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'via', 'with']);

export const SITE_NAME = 'Vocal';
export const TITLE_SEPARATOR = ' · ';

/** "unsupported-browser" → "Unsupported Browser"; small words stay lowercase except first. */
export function segmentToTitle(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // a malformed escape: use the segment as it is
  }
  return decoded
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word, index) => {
      const lower = word.toLowerCase();
      if (index > 0 && SMALL_WORDS.has(lower)) return lower;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

/** The page's own title: the route's, else the last path segment in words. */
export function pageTitleFor(path: string, routeTitle?: string): string {
  if (routeTitle) return routeTitle;
  const segments = path.split('?')[0]!.split('/').filter(Boolean);
  const last = segments.at(-1);
  return last ? segmentToTitle(last) : '';
}

/** An error page's title: the status code followed by its message (spec section 2). */
export function errorTitle(status: 404 | 500, message: string): string {
  return `${status} ${message}`;
}

/** The document title: page title, separator, site name; the site name alone without one. */
export function documentTitle(pageTitle: string): string {
  return pageTitle ? `${pageTitle}${TITLE_SEPARATOR}${SITE_NAME}` : SITE_NAME;
}
