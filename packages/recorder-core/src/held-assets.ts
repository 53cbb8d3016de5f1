/**
 * The recorder's assets kept in this page's memory once fetched (see warmRecorderAssets):
 * the capture worklet as a blob URL and LAME's wasm as bytes. The HTTP cache alone is not
 * enough: the browser may not have committed an entry, or may evict it, and a person whose
 * network dropped after the page loaded must still be able to record and keep the message.
 */
type Held = { captureWorkletUrl: string | null; mp3Wasm: ArrayBuffer | null };

const held: Held = { captureWorkletUrl: null, mp3Wasm: null };

export function holdCaptureWorklet(source: string): void {
  if (held.captureWorkletUrl || typeof URL.createObjectURL !== 'function') return;
  held.captureWorkletUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
}

export function holdMp3Wasm(bytes: ArrayBuffer): void {
  held.mp3Wasm ??= bytes;
}

/** The blob URL of the held worklet module, or null when it was never fetched. */
export function heldCaptureWorkletUrl(): string | null {
  return held.captureWorkletUrl;
}

/** A copy of the held wasm (the copy is transferred to a worker; the original stays here). */
export function heldMp3WasmCopy(): ArrayBuffer | null {
  return held.mp3Wasm ? held.mp3Wasm.slice(0) : null;
}
