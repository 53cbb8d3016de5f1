import mp3WasmUrl from 'wasm-media-encoders/wasm/mp3?url';
import captureWorkletUrl from './capture-worklet.ts?worker&url';

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
};

const spawnEncoderWorker = () =>
  new Worker(new URL('./encoder-worker.ts', import.meta.url), { type: 'module', name: 'vocal-mp3-encoder' });

/** A worker started ahead of time (see warmRecorderAssets), handed to the first recording. */
let spareWorker: Worker | null = null;

export function prepareSpareEncoderWorker(): void {
  spareWorker ??= spawnEncoderWorker();
}

export const browserAssets: BrowserAssets = {
  captureWorkletUrl,
  mp3WasmUrl,
  createEncoderWorker: () => {
    const worker = spareWorker ?? spawnEncoderWorker();
    spareWorker = null;
    return worker;
  },
};
