import { makeMp3, makePng } from '@vocal/test-fixtures';

/** The multipart body of upload-vocal, as the recorder sends it. */
export function uploadForm(parts: {
  recording?: Uint8Array | string | null;
  image?: Uint8Array | string | null;
  context?: unknown;
}): FormData {
  const form = new FormData();
  if (parts.recording !== null && parts.recording !== undefined) {
    form.set('recording', new Blob([parts.recording], { type: 'audio/mpeg' }), 'recording.mp3');
  }
  if (parts.image !== null && parts.image !== undefined) {
    form.set('image', new Blob([parts.image], { type: 'image/png' }), 'image.png');
  }
  if (parts.context !== undefined) {
    form.set('context', typeof parts.context === 'string' ? parts.context : JSON.stringify(parts.context));
  }
  return form;
}

let cachedMp3: Uint8Array | null = null;
/** A 3-second MP3, made once per test file. */
export async function threeSecondMp3(): Promise<Uint8Array> {
  cachedMp3 ??= await makeMp3(3);
  return cachedMp3;
}

export const samplePeaks = Array.from({ length: 48 }, (_, index) => Math.abs(Math.sin(index / 5)));
export const samplePng = () => makePng(480, 64);

/**
 * Waits until `read` gives a value `accept` takes, polling. The deadline only catches a hang:
 * in a loaded `pnpm check` a pocketsphinx transcription that takes 2 s alone has run past
 * 30 s, so every caller shares this one generous default rather than guessing a speed.
 */
export async function waitFor<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 600_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting; last value ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
