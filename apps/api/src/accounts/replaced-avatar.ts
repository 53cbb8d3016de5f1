import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { images, personalisations } from '../db/schema.ts';
import type { Storage } from '../storage/storage.ts';
import type { DeletionService } from '../recordings/deletion-service.ts';
import { storedImageKey } from './stored-images.ts';

/**
 * Removes the picture an avatar change left behind, so changing one's photo again and again
 * does not fill the storage quota with old ones. Kept when it is still the listen page's logo
 * (both come from POST /image), and never touches another user's picture.
 */
export async function removeReplacedAvatar(
  options: { db: Database; storage: Storage; deletion: DeletionService },
  userId: number,
  replacedUrl: string | null,
): Promise<void> {
  const key = replacedUrl ? storedImageKey(options.storage, replacedUrl) : null;
  if (!key || !replacedUrl) return;
  const [owned] = await options.db
    .select({ key: images.key })
    .from(images)
    .where(and(eq(images.key, key), eq(images.userId, userId)));
  if (!owned) return;
  const [logo] = await options.db
    .select({ userId: personalisations.userId })
    .from(personalisations)
    .where(and(eq(personalisations.userId, userId), sql`${personalisations.settings}->'listenPage'->>'logoUrl' = ${replacedUrl}`));
  if (logo) return;
  await options.deletion.removeWithFiles([key], async (transaction) => {
    await transaction.delete(images).where(eq(images.key, key));
  });
}
