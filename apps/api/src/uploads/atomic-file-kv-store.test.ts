import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AtomicFileKvStore } from './atomic-file-kv-store.ts';

const ID = 'bbbbbbbbbbbb';

describe('the upload records tus keeps beside each upload', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'vocal-kv-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('are never read half-written: a read while the length is declared finds the old record or the new', async () => {
    const store = new AtomicFileKvStore(directory);
    await store.set(ID, new Upload({ id: ID, offset: 0, size: undefined, metadata: { recordingId: ID } }));
    for (let round = 1; round <= 200; round++) {
      const [, read] = await Promise.all([
        store.set(ID, new Upload({ id: ID, offset: 0, size: round, metadata: { recordingId: ID } })),
        store.get(ID),
      ]);
      expect(read?.id).toBe(ID);
    }
    expect((await store.get(ID))?.size).toBe(200);
    // Nothing of the writes is left beside the record.
    expect(await readdir(directory)).toEqual([`${ID}.json`]);
  });

  it('say there is no upload only when there is none, and hold only upload ids', async () => {
    const store = new AtomicFileKvStore(directory);
    expect(await store.get('cccccccccccc')).toBeUndefined();
    await store.delete(ID);
    expect(await store.get(ID)).toBeUndefined();
    await expect(store.get('../secrets')).rejects.toMatchObject({ status_code: 404 });
  });
});
