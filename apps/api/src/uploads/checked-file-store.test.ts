import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { makeMp3 } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAudioFile } from '../media/audio-file.ts';
import { CheckedFileStore } from './checked-file-store.ts';

const ID = 'aaaaaaaaaaaa';

describe('the checked file store’s verdict on a complete upload', () => {
  let directory: string;
  let mp3: Uint8Array;
  const store = () =>
    new CheckedFileStore({ directory, expirationPeriodInMilliseconds: 60_000, rulesOf: async () => ({ lengthRefusal: () => null }) });

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'vocal-checked-store-'));
    mp3 = await makeMp3(3);
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  /** Creates the upload and writes `pieces` in order, as PATCHes do. */
  async function sendInPieces(into: CheckedFileStore, pieces: Uint8Array[]) {
    await into.remove(ID).catch(() => undefined);
    await into.create(new Upload({ id: ID, offset: 0, size: undefined, metadata: {} }));
    let offset = 0;
    for (const piece of pieces) offset = await into.write(Readable.from([Buffer.from(piece)]), ID, offset);
    return offset;
  }

  /** The upload as tus reads it back (its offset is what is on disk). */
  const found = (from: CheckedFileStore) => from.getUpload(ID);

  it('is what probing the whole file says, so completing the message need not read it again', async () => {
    const checked = store();
    await sendInPieces(checked, [mp3.subarray(0, 5), mp3.subarray(5, 7_001), mp3.subarray(7_001)]);
    const complete = await found(checked);
    expect(checked.verdictOf(complete)).toBeUndefined();
    checked.settle(complete);
    const verdict = checked.verdictOf(complete);
    expect(verdict).toEqual(await probeAudioFile(checked.pathOf(ID)));
    expect(verdict?.durationSeconds).toBeGreaterThan(2.9);
    // Not for another length, nor once the upload is gone.
    expect(checked.verdictOf(new Upload({ ...complete, offset: complete.offset - 1 }))).toBeUndefined();
    await checked.remove(ID);
    expect(checked.verdictOf(complete)).toBeUndefined();
  });

  it('is left to the whole-file probe when this process did not see every byte (a restart, another replica)', async () => {
    const first = store();
    const firstHalf = await sendInPieces(first, [mp3.subarray(0, 10_000)]);
    // Another process takes the rest: it rebuilds its scan from the disk, then sees the rest.
    const second = store();
    await second.write(Readable.from([Buffer.from(mp3.subarray(firstHalf))]), ID, firstHalf);
    const complete = await found(second);
    second.settle(complete);
    expect(second.verdictOf(complete)).toEqual(await probeAudioFile(second.pathOf(ID)));
    // The first saw only its half: told the upload is complete, it has no verdict of its own.
    first.settle(complete);
    expect(first.verdictOf(complete)).toBeUndefined();
  });

  it('is not given to another upload under the same id: one removed elsewhere and begun again', async () => {
    const first = store();
    await sendInPieces(first, [mp3]);
    first.settle(await found(first));
    // Another process removes it and the same bytes arrive again, as a new upload, there.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = store();
    await sendInPieces(second, [mp3]);
    const again = await found(second);
    expect(again.offset).toBe(mp3.length);
    expect(first.verdictOf(again)).toBeUndefined();
  });

  it('is left to the whole-file probe for bytes that begin as a WebM or MP4 container', async () => {
    const checked = store();
    const webmHead = Uint8Array.of(0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0);
    await sendInPieces(checked, [webmHead, mp3]);
    const complete = await found(checked);
    checked.settle(complete);
    expect(checked.verdictOf(complete)).toBeUndefined();
  });
});
