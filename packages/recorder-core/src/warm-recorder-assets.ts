import { browserAssets, prepareSpareEncoderWorker, type BrowserAssets } from './browser-assets.ts';
import { holdCaptureWorklet, holdMp3Wasm } from './held-assets.ts';

let warmed: Promise<void> | null = null;

/**
 * Starts the encoder worker (kept running, for the first recording to use) and fetches the
 * capture worklet and LAME's wasm into this page's memory while the page is read: a network
 * that drops after the page loaded can no longer stop someone from recording, and Start is
 * quicker too.
 */
export function warmRecorderAssets(assets: Pick<BrowserAssets, 'captureWorkletUrl' | 'mp3WasmUrl'> = browserAssets): Promise<void> {
  warmed ??= (async () => {
    try {
      prepareSpareEncoderWorker();
      await Promise.allSettled([
        fetchOk(assets.captureWorkletUrl).then(async (response) => holdCaptureWorklet(await response.text())),
        fetchOk(assets.mp3WasmUrl).then(async (response) => holdMp3Wasm(await response.arrayBuffer())),
      ]);
    } catch {
      // Best effort: recording fetches what it needs anyway.
    }
  })();
  return warmed;
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}
