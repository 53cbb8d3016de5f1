export type CanonicalOptions = {
  /** Lowercase the whole URL (spec: "if configured"). */
  lowercase?: boolean;
  /** Query parameters worth keeping; everything else (tracking, session) is dropped. */
  allowedParameters?: readonly string[];
};

/**
 * The canonical link of a page: whitelisted query parameters only, sorted by name,
 * lowercased if configured, no fragment. Null on error pages, which have none.
 */
export function canonicalUrl(href: string, options: CanonicalOptions & { isErrorPage?: boolean } = {}): string | null {
  if (options.isErrorPage) return null;
  const url = new URL(href);
  const allowed = new Set(options.allowedParameters ?? []);
  const kept = [...url.searchParams.entries()]
    .filter(([name]) => allowed.has(name))
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  url.search = kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
  url.hash = '';
  const text = url.toString();
  return options.lowercase ? text.toLowerCase() : text;
}
