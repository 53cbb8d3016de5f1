/**
 * Joins the API base and a call's path, collapsing duplicate slashes everywhere but after
 * the scheme (spec section 7).
 */
export function joinUrl(base: string, path: string): string {
  const joined = `${base}/${path}`;
  const schemeEnd = joined.indexOf('://');
  if (schemeEnd === -1) return joined.replace(/\/{2,}/g, '/');
  const scheme = joined.slice(0, schemeEnd + 3);
  return scheme + joined.slice(schemeEnd + 3).replace(/\/{2,}/g, '/');
}
