/** The browsers whose microphone settings we can describe step by step. */
export type BrowserFamily = 'chrome' | 'edge' | 'firefox' | 'safari' | 'other';

/**
 * Which browser the page runs in, from its user agent. Order matters: Edge and Opera say
 * "Chrome" too, Chrome on iOS says "Safari" (and "CriOS"), every iOS browser is Safari inside.
 */
export function browserFamily(userAgent: string): BrowserFamily {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'firefox';
  if (/OPR\/|SamsungBrowser\//.test(userAgent)) return 'other';
  if (/Chrome\/|Chromium\/|CriOS\//.test(userAgent)) return 'chrome';
  if (/Safari\//.test(userAgent) && /Version\//.test(userAgent)) return 'safari';
  return 'other';
}
