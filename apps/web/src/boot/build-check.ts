import { z } from 'zod';

/** Injected by vite.config.ts: the id of the build this page runs. */
declare const __BUILD_ID__: string;

const latestSchema = z.object({ version: z.string(), build: z.string() });

const CHECK_EVERY_MS = 5 * 60_000;

/**
 * Polls builds/latest.json (spec section 7) and calls back once a newer build is deployed,
 * so the app can offer a reload instead of failing on a missing chunk later.
 */
export function watchForNewBuild(onNewBuild: () => void, fetcher: typeof fetch = fetch): () => void {
  let announced = false;
  const check = async () => {
    if (announced || document.visibilityState === 'hidden') return;
    try {
      const response = await fetcher('/builds/latest.json', { cache: 'no-store' });
      if (!response.ok) return;
      const latest = latestSchema.safeParse(await response.json());
      if (latest.success && latest.data.build !== __BUILD_ID__) {
        announced = true;
        onNewBuild();
      }
    } catch {
      // Offline or mid-deploy: try again next time.
    }
  };
  const timer = window.setInterval(check, CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', check);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', check);
  };
}
