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
        wasmBytes(assets.mp3WasmUrl).then(holdMp3Wasm),
      ]);
    } catch {
      // Best effort: recording fetches what it needs anyway.
    }
  })();
  return warmed;
}

/**
 * LAME's wasm as bytes. A build whose host takes no .wasm files (Zoho Mail's package) inlines it
 * as a base64 data: URL: decoded here, as a host's CSP may not let the page fetch data: URLs.
 */
async function wasmBytes(url: string): Promise<ArrayBuffer> {
  const inlined = /^data:[^,]*;base64,/.exec(url);
  if (!inlined) return (await fetchOk(url)).arrayBuffer();
  const binary = atob(url.slice(inlined[0].length));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}
