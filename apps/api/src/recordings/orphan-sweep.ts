import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { images, recordings } from '../db/schema.ts';
import type { Storage } from '../storage/storage.ts';
import { CARD_FILE } from '../media/preview-card-service.ts';
import { isPrivateKey, RECORDING_FILE } from './recording-file-keys.ts';

/** Younger files may belong to an upload still in progress: they are never swept. */
export const ORPHAN_MIN_AGE_MS = 3_600_000;
const BATCH = 500;

/**
 * Walks the whole store a batch at a time, across runs, and deletes files no row accounts
 * for: a message's files whose recording is gone or was never sent (an upload that crashed
 * between storing and recording), a private message's files under names it no longer uses, pictures with no owner, and link-preview cards of messages
 * no longer sent (deleted or gone). Rows marked deleted are left to their own job, except
 * for their cards, which that job does not know.
 */
export function createOrphanSweep(options: { db: Database; storage: Storage; now?: () => Date }) {
  const { db, storage } = options;
  const now = options.now ?? (() => new Date());
  let cursor: string | undefined;

  async function orphansAmong(keys: string[]): Promise<string[]> {
    const recordingIds = [...new Set(keys.flatMap((key) => (RECORDING_FILE.exec(key) ?? CARD_FILE.exec(key))?.[1] ?? []))];
    const pictureKeys = keys.filter((key) => key.startsWith('images/'));
    const rows = recordingIds.length
      ? await db
          .select({ id: recordings.id, status: recordings.status, audioKey: recordings.audioKey, imageKey: recordings.imageKey })
          .from(recordings)
          .where(inArray(recordings.id, recordingIds))
      : [];
    const rowOf = new Map(rows.map((row) => [row.id, row]));
    const pictures = pictureKeys.length
      ? new Set((await db.select({ key: images.key }).from(images).where(inArray(images.key, pictureKeys))).map((row) => row.key))
      : new Set<string>();
    return keys.filter((key) => {
      if (key.startsWith('images/')) return !pictures.has(key);
      const card = CARD_FILE.exec(key)?.[1];
      if (card) return rowOf.get(card)?.status !== 'uploaded';
      const id = RECORDING_FILE.exec(key)?.[1];
      // Not a name this server makes: not ours to judge.
      if (!id) return false;
      const row = rowOf.get(id);
      if (row?.status === 'uploaded' && (isPrivateKey(key) || isPrivateKey(row.audioKey))) {
        // Files under names a private message no longer uses: left by a move that stopped half
        // way (recording-file-keys.ts), or the public ones a failed delete kept.
        return key !== row.audioKey && key !== row.imageKey;
      }
      return row?.status !== 'uploaded' && row?.status !== 'deleted';
    });
  }

  return {
    /** One batch; answers the keys deleted. Starts over once it reaches the end of the store. */
    async sweep(): Promise<string[]> {
      const listed = await storage.list({ after: cursor, limit: BATCH });
      cursor = listed.length < BATCH ? undefined : listed.at(-1)?.key;
      const oldEnough = listed.filter((object) => now().getTime() - object.lastModified.getTime() >= ORPHAN_MIN_AGE_MS);
      const orphans = await orphansAmong(oldEnough.map((object) => object.key));
      const deleted: string[] = [];
      for (const key of orphans) {
        // Looked at again just before: an upload may have stored it anew since the listing.
        const current = await storage.stat(key);
        if (!current || now().getTime() - current.lastModified.getTime() < ORPHAN_MIN_AGE_MS) continue;
        await storage.delete(key);
        deleted.push(key);
      }
      return deleted;
    },
  };
}

export type OrphanSweep = ReturnType<typeof createOrphanSweep>;
