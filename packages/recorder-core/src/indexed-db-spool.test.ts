import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createIndexedDbSpool } from './indexed-db-spool.ts';
import { listPendingFrom, loadSpooledRecording, pendingRecordingAudio } from './pending-recordings.ts';
import type { SpooledRecording } from './spool.ts';

const entry = (localId: string, fields: Partial<SpooledRecording> = {}): SpooledRecording => ({
  localId,
  recordingId: null,
  platform: 'webapp',
  subject: null,
  status: 'recording',
  sampleRate: 48_000,
  sampleCount: 0,
  createdAt: 1_000,
  updatedAt: 1_000,
  lastError: null,
  ...fields,
});

const chunk = (localId: string, sequence: number, bytes: number[], sampleCount = 48_000) => ({
  localId,
  sequence,
  bytes: new Uint8Array(bytes),
  envelope: [0.1 * (sequence + 1)],
  sampleCount,
});

describe('IndexedDB spool', () => {
  it('keeps chunks in order and counts their samples', async () => {
    const spool = createIndexedDbSpool({ indexedDB: new IDBFactory() });
    await spool.create(entry('a'));
    await spool.appendChunk(chunk('a', 1, [3, 4]));
    await spool.appendChunk(chunk('a', 0, [1, 2]));
    await spool.appendChunk(chunk('a', 2, [5], 24_000));
    const chunks = await spool.chunks('a');
    expect(chunks.map((each) => each.sequence)).toEqual([0, 1, 2]);
    expect(chunks.flatMap((each) => [...each.bytes])).toEqual([1, 2, 3, 4, 5]);
    expect(await spool.get('a')).toMatchObject({ sampleCount: 120_000 });
  });

  it('survives a reopen (a page reload) and rebuilds the recording', async () => {
    const factory = new IDBFactory();
    const first = createIndexedDbSpool({ indexedDB: factory });
    await first.create(entry('a', { subject: 'Hello' }));
    await first.appendChunk(chunk('a', 0, [1, 2]));
    await first.appendChunk(chunk('a', 1, [3]));
    await first.update('a', { recordingId: 'reserved-1', lastError: 'offline' });

    const reopened = createIndexedDbSpool({ indexedDB: factory });
    const pending = await listPendingFrom(reopened, new Set());
    expect(pending).toEqual([
      expect.objectContaining({
        localId: 'a',
        recordingId: 'reserved-1',
        durationSeconds: 2,
        interrupted: true,
        inUse: false,
        lastError: 'offline',
      }),
    ]);
    const restored = await loadSpooledRecording(reopened, 'a');
    expect(restored).toMatchObject({ recordingId: 'reserved-1', subject: 'Hello', platform: 'webapp' });
    expect([...new Uint8Array(await restored!.recording.audio.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(restored!.recording.durationSeconds).toBe(2);
    expect(restored!.recording.peaks.at(0)).toBe(0.5);
    expect(restored!.recording.peaks.at(-1)).toBe(1);
    // Loaded once, it is no longer "interrupted".
    expect((await reopened.get('a'))?.status).toBe('stopped');
  });

  it('gives a pending recording to listen to without changing it', async () => {
    const spool = createIndexedDbSpool({ indexedDB: new IDBFactory() });
    await spool.create(entry('a'));
    await spool.appendChunk(chunk('a', 0, [1, 2]));
    await spool.appendChunk(chunk('a', 1, [3], 24_000));
    const audio = await pendingRecordingAudio('a', { spool });
    expect(audio?.durationSeconds).toBe(1.5);
    expect([...new Uint8Array(await (audio?.audio ?? new Blob()).arrayBuffer())]).toEqual([1, 2, 3]);
    // Still cut short and still pending: listening is not sending.
    expect(await spool.get('a')).toMatchObject({ status: 'recording' });
    expect(await pendingRecordingAudio('gone', { spool })).toBeNull();
  });

  it('removes a recording with all its chunks and ignores late chunks for it', async () => {
    const spool = createIndexedDbSpool({ indexedDB: new IDBFactory() });
    await spool.create(entry('a'));
    await spool.create(entry('b', { createdAt: 500 }));
    await spool.appendChunk(chunk('a', 0, [1]));
    await spool.appendChunk(chunk('b', 0, [9]));
    await spool.remove('a');
    await spool.appendChunk(chunk('a', 1, [2]));
    expect(await spool.get('a')).toBeNull();
    expect(await spool.chunks('a')).toEqual([]);
    expect((await spool.list()).map((each) => each.localId)).toEqual(['b']);
    expect(await spool.chunks('b')).toHaveLength(1);
  });

  it('lists only recordings that hold audio, and marks the ones another page holds', async () => {
    const spool = createIndexedDbSpool({ indexedDB: new IDBFactory() });
    await spool.create(entry('empty'));
    await spool.create(entry('held', { status: 'stopped' }));
    await spool.appendChunk(chunk('held', 0, [1]));
    expect(await listPendingFrom(spool, new Set(['held']))).toEqual([
      expect.objectContaining({ localId: 'held', inUse: true, interrupted: false }),
    ]);
  });
});
