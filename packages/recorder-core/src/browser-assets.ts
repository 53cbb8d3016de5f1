import mp3WasmUrl from 'wasm-media-encoders/wasm/mp3?url';
import captureWorkletUrl from './capture-worklet.ts?worker&url';
import { heldCaptureWorkletUrl, heldMp3WasmCopy } from './held-assets.ts';

/**
 * Every bundler-specific import of the package, in one place (Vite's `?url`, `?worker&url` and
 * `new Worker(new URL(...))` forms), so tests and other bundlers can hand in their own.
 * The wasm is LAME from wasm-media-encoders, served by the app itself: never from a CDN.
 */
export type BrowserAssets = {
  /** The capture AudioWorklet module. */
  captureWorkletUrl: string;
  /** LAME's wasm. (The package's `./wasm/mp3.wasm` export has a typo; `./wasm/mp3` is right.) */
  mp3WasmUrl: string;
  createEncoderWorker(): Worker;
  /** The worklet as a blob URL once warmRecorderAssets holds it; else the URL above is fetched. */
  heldCaptureWorkletUrl?(): string | null;
  /** LAME's wasm bytes once held; else the worker fetches `mp3WasmUrl`. */
  heldMp3Wasm?(): ArrayBuffer | null;
};

const spawnEncoderWorker = () => new Worker(new URL('./encoder-worker.ts', import.meta.url), { type: 'module', name: 'vocal-mp3-encoder' });

/** A worker started ahead of time (see warmRecorderAssets), handed to the first recording. */
let spareWorker: Worker | null = null;

export function prepareSpareEncoderWorker(): void {
  if (spareWorker) return;
  const worker = spawnEncoderWorker();
  // A spare whose script could not load (offline) is dropped, so a later recording spawns anew.
  worker.addEventListener('error', () => {
    if (spareWorker === worker) spareWorker = null;
  });
  spareWorker = worker;
}

export const browserAssets: BrowserAssets = {
  captureWorkletUrl,
  mp3WasmUrl,
  createEncoderWorker: () => {
    const worker = spareWorker ?? spawnEncoderWorker();
    if (spareWorker) {
      // The next recording (Record another, offline too) gets a worker that is already loaded.
      spareWorker = null;
      prepareSpareEncoderWorker();
    }
    return worker;
  },
  heldCaptureWorkletUrl,
  heldMp3Wasm: heldMp3WasmCopy,
};
