import { TIMINGS } from '@vocal/settings-model';

const KEY = 'vocal.chunk-reload-at';

/** Messages browsers give when a lazily loaded chunk of an older build is gone. */
const CHUNK_ERRORS = [
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
];

export const isChunkLoadError = (error: unknown) => error instanceof Error && CHUNK_ERRORS.some((pattern) => pattern.test(error.message));

/**
 * A deploy replaced the chunks this page was built against: reload to get the new build,
 * at most once per 10 s so a real outage cannot loop (spec sections 4 and 9).
 */
export function reloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
  reload: () => void = () => window.location.reload(),
  now: () => number = Date.now,
): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now() - last < TIMINGS.chunkReloadThrottleMs) return false;
  storage.setItem(KEY, String(now()));
  reload();
  return true;
}

/** Vite raises `vite:preloadError` when a chunk fails to load. */
export function watchChunkErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadForChunkError();
  });
}
