/**
 * About a second of speech at the recorder's 64 kbps: a PATCH leaves once this much is waiting,
 * so at Stop at most this much is left to send (docs/decisions/0070-progressive-upload-over-tus.md).
 */
export const PROGRESSIVE_CHUNK_BYTES = 8 * 1024;

/**
 * A backlog (after the network came back, or on a link slower than speech) goes in requests of
 * up to this much rather than one per PROGRESSIVE_CHUNK_BYTES.
 */
export const PROGRESSIVE_MAX_PATCH_BYTES = 64 * 1024;

/**
 * The recording as tus-js-client reads it (its `fileReader` source), fed by push as the encoder
 * makes chunks. While recording, a PATCH waits for PROGRESSIVE_CHUNK_BYTES; once ended, what is
 * left goes at once and says it is the last (`done`), so tus-js-client declares the length on
 * that same PATCH. Its own stream source only learns the end on the read after, which cost an
 * extra request after Stop: a round trip on the slowest part of the path to the link.
 */
export function liveRecording() {
  /** What has been pushed and not yet dropped, each chunk with its offset in the recording. */
  let held: { at: number; bytes: Uint8Array }[] = [];
  let total = 0;
  /** Where the last PATCH began: tus-js-client never asks from before it. */
  let from = 0;
  let ended = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  /** The bytes from `start` to `end`; what comes before `start` is never asked for again. */
  const take = (start: number, end: number): Blob => {
    from = start;
    held = held.filter((chunk) => chunk.at + chunk.bytes.byteLength > start);
    const parts = held
      .filter((chunk) => chunk.at < end)
      .map((chunk) => chunk.bytes.subarray(Math.max(0, start - chunk.at), Math.min(chunk.bytes.byteLength, end - chunk.at)));
    return new Blob(parts as BlobPart[]);
  };
  return {
    push(bytes: Uint8Array) {
      if (ended || bytes.byteLength === 0) return;
      held.push({ at: total, bytes });
      total += bytes.byteLength;
      notify();
    },
    end() {
      ended = true;
      notify();
    },
    source: {
      // Not known until the end: the upload's length is deferred (uploadLengthDeferred).
      size: 0,
      async slice(start: number, end: number): Promise<{ value: Blob; done: boolean }> {
        // tus-js-client asks again from the offset the server acknowledged, never from before the last ask.
        if (start < from) throw new Error('The recording was asked for bytes it no longer holds');
        while (!ended && total - start < PROGRESSIVE_CHUNK_BYTES) await new Promise<void>((resolve) => (wake = resolve));
        const until = Math.min(total, end);
        return { value: take(start, until), done: ended && until === total };
      },
      close: () => undefined,
    },
  };
}
