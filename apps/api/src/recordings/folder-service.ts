import { and, asc, desc, eq } from 'drizzle-orm';
import type { FolderWire } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { folders, recordings } from '../db/schema.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import type { UserRow } from '../accounts/account-service.ts';
import { isPro } from '../billing/plans.ts';
import type { RecordingService } from './recording-service.ts';

/** The name of the list of recordings that are in no folder. */
export const LOOSE_RECORDINGS_NAME = 'Recordings';

export function createFolderService(options: { db: Database; recordings: RecordingService }) {
  const { db } = options;

  async function ownedFolder(userId: number, uuid: string) {
    const [folder] = await db
      .select()
      .from(folders)
      .where(and(eq(folders.id, uuid), eq(folders.userId, userId)));
    if (!folder) throw notFound('Folder not found');
    return folder;
  }

  const requirePro = (user: UserRow) => {
    if (!isPro(user)) throw forbidden('Folders are a Pro feature. Upgrade to organise your recordings.');
  };

  return {
    /** GET recordings: the loose recordings first (uuid null), then each folder. */
    async list(userId: number) {
      const [folderRows, recordingRows] = await Promise.all([
        db.select().from(folders).where(eq(folders.userId, userId)).orderBy(asc(folders.createdAt)),
        db
          .select()
          .from(recordings)
          .where(and(eq(recordings.userId, userId), eq(recordings.status, 'uploaded')))
          .orderBy(desc(recordings.uploadDate)),
      ]);
      const all = await Promise.all(recordingRows.map(options.recordings.toRecording));
      const wire: FolderWire[] = [
        { uuid: null, name: LOOSE_RECORDINGS_NAME, recordings: all.filter((item) => !item.folderId) },
        ...folderRows.map((folder) => ({
          uuid: folder.id,
          name: folder.name,
          recordings: all.filter((item) => item.folderId === folder.id),
        })),
      ];
      return { folders: wire };
    },

    async create(user: UserRow, name: string) {
      requirePro(user);
      const [folder] = await db.insert(folders).values({ userId: user.id, name }).returning();
      if (!folder) throw new Error('The folder could not be created');
      return { uuid: folder.id, name: folder.name };
    },

    async rename(user: UserRow, uuid: string, name: string) {
      requirePro(user);
      await ownedFolder(user.id, uuid);
      await db.update(folders).set({ name }).where(eq(folders.id, uuid));
      return { uuid, name };
    },

    /** Deleting a folder keeps its recordings: they return to the loose list. */
    async remove(user: UserRow, uuid: string) {
      await ownedFolder(user.id, uuid);
      await db.delete(folders).where(eq(folders.id, uuid));
      return { ok: true };
    },

    /** POST recordings: moves a recording into a folder, or out of any with null. */
    async move(user: UserRow, recordingId: string, folderId: string | null) {
      if (folderId !== null) {
        requirePro(user);
        await ownedFolder(user.id, folderId);
      }
      const moved = await db
        .update(recordings)
        .set({ folderId })
        .where(and(eq(recordings.id, recordingId), eq(recordings.userId, user.id)))
        .returning({ id: recordings.id });
      if (moved.length === 0) throw notFound('Recording not found');
      return { ok: true };
    },
  };
}

export type FolderService = ReturnType<typeof createFolderService>;
