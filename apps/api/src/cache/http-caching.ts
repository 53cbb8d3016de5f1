/**
 * Whether an If-None-Match header names `etag`: a list, `*`, and weak forms (W/"…") match, as
 * RFC 9110 asks of GET's weak comparison (a compressing proxy may have weakened ours).
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const wanted = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === wanted;
  });
}

/**
 * Cache-Control of a public payload (view-vocal, oEmbed). Browsers revalidate every time (an
 * ETag makes that a 304); a CDN may keep it `seconds`, the same as a server process keeps it
 * in memory. So a deleted or expired message stops being served within twice that: a CDN's
 * copy, refreshed from a process that had just read it. Off (0): nothing may store it.
 */
export function publicPayloadCacheControl(seconds: number): string {
  return seconds > 0 ? `public, max-age=0, s-maxage=${seconds}, must-revalidate` : 'no-cache';
}

/**
 * A file's URL names one content for good: a message's id is never reused, a new picture gets a
 * new key, and re-encoding a WebM or MP4 upload writes a new key (`.mp3`). Browsers keep it a
 * year without asking again. A CDN asks again after 5 minutes, so a deleted or expired
 * message's files stop being served within that (docs/decisions/0031-listen-path-cache.md).
 * The one rewrite in place, the owner's loudness normalisation of an MP3, is the same message.
 */
export const FILE_CACHE_CONTROL = 'public, max-age=31536000, s-maxage=300, immutable';
