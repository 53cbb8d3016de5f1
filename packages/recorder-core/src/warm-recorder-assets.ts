import { browserAssets, prepareSpareEncoderWorker, type BrowserAssets } from './browser-assets.ts';

let warmed: Promise<void> | null = null;

/**
 * Loads the encoder worker (kept running, for the first recording to use) and fetches the
 * capture worklet and LAME's wasm into the browser's cache (the app serves them as
 * immutable) while the page is read: a network that drops after the page loaded can no
 * longer stop someone from recording, and Start is quicker too.
 */
export function warmRecorderAssets(assets: Pick<BrowserAssets, 'captureWorkletUrl' | 'mp3WasmUrl'> = browserAssets): Promise<void> {
  warmed ??= (async () => {
    try {
      prepareSpareEncoderWorker();
      await Promise.allSettled([fetch(assets.captureWorkletUrl), fetch(assets.mp3WasmUrl)]);
    } catch {
      // Best effort: recording fetches what it needs anyway.
    }
  })();
  return warmed;
}
