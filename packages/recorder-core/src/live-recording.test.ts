import { describe, expect, it } from 'vitest';
import { liveRecording, PROGRESSIVE_CHUNK_BYTES, PROGRESSIVE_MAX_PATCH_BYTES } from './live-recording.ts';

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);
const read = async (slice: Promise<{ value: Blob; done: boolean }>) => {
  const { value, done } = await slice;
  return { bytes: new Uint8Array(await value.arrayBuffer()), done };
};
/** Whether `promise` has settled once every callback already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('the live recording tus-js-client reads while the person speaks', () => {
  it('holds a PATCH back until a chunk’s worth is waiting, then sends all that waits, up to the most a PATCH carries', async () => {
    const recording = liveRecording();
    const first = recording.source.slice(0, PROGRESSIVE_MAX_PATCH_BYTES);
    recording.push(bytes(PROGRESSIVE_CHUNK_BYTES - 1, 1));
    expect(await settled(first)).toBe(false);
    recording.push(bytes(2, 2));
    const sent = await read(first);
    expect(sent.bytes.length).toBe(PROGRESSIVE_CHUNK_BYTES + 1);
    expect(sent.done).toBe(false);

    // A backlog (the network was away) goes in PATCHes of the most one carries.
    for (let index = 0; index < 20; index++) recording.push(bytes(PROGRESSIVE_CHUNK_BYTES, 3));
    const backlog = await read(
      recording.source.slice(PROGRESSIVE_CHUNK_BYTES + 1, PROGRESSIVE_CHUNK_BYTES + 1 + PROGRESSIVE_MAX_PATCH_BYTES),
    );
    expect(backlog.bytes.length).toBe(PROGRESSIVE_MAX_PATCH_BYTES);
    expect(backlog.done).toBe(false);
  });

  it('sends what is left at once when it ends, saying it is the last, so the length rides on that same PATCH', async () => {
    const recording = liveRecording();
    recording.push(bytes(PROGRESSIVE_CHUNK_BYTES, 1));
    expect((await read(recording.source.slice(0, PROGRESSIVE_MAX_PATCH_BYTES))).done).toBe(false);
    recording.push(bytes(300, 2));
    const last = recording.source.slice(PROGRESSIVE_CHUNK_BYTES, PROGRESSIVE_CHUNK_BYTES + PROGRESSIVE_MAX_PATCH_BYTES);
    expect(await settled(last)).toBe(false);
    recording.end();
    const tail = await read(last);
    expect(tail).toEqual({ bytes: bytes(300, 2), done: true });
  });

  it('answers a PATCH in flight when it ended with nothing left: an empty last piece that declares the length', async () => {
    const recording = liveRecording();
    recording.push(bytes(PROGRESSIVE_CHUNK_BYTES, 1));
    await read(recording.source.slice(0, PROGRESSIVE_MAX_PATCH_BYTES));
    recording.end();
    expect(await read(recording.source.slice(PROGRESSIVE_CHUNK_BYTES, PROGRESSIVE_CHUNK_BYTES * 9))).toEqual({
      bytes: new Uint8Array(0),
      done: true,
    });
  });

  it('gives again, byte for byte, what a failed PATCH had carried, from the offset the server acknowledged', async () => {
    const recording = liveRecording();
    const spoken = Uint8Array.from({ length: 3 * PROGRESSIVE_CHUNK_BYTES }, (_, index) => index % 251);
    recording.push(spoken.subarray(0, PROGRESSIVE_CHUNK_BYTES + 100));
    recording.push(spoken.subarray(PROGRESSIVE_CHUNK_BYTES + 100));
    recording.end();
    await read(recording.source.slice(0, PROGRESSIVE_MAX_PATCH_BYTES));
    // The server had 5,000 bytes of it when the connection broke.
    const again = await read(recording.source.slice(5_000, 5_000 + PROGRESSIVE_MAX_PATCH_BYTES));
    expect(again).toEqual({ bytes: spoken.subarray(5_000), done: true });
    // Bytes before what was asked last are gone: tus-js-client never goes back past the acknowledged offset.
    await expect(recording.source.slice(0, 10)).rejects.toThrow(/no longer holds/);
  });
});
