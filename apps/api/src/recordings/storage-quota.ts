import { and, eq, gt, inArray, min, sql, sum } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { images, recordings } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { payloadTooLarge, tooManyRequests } from '../http/http-error.ts';
import type { UserRow } from '../accounts/account-service.ts';
import { isPro } from '../billing/plans.ts';

const DAY_MS = 86_400_000;

const megabytes = (bytes: number) => `${Math.ceil(bytes / 1024 / 1024)} MB`;

/** Who is adding to an account's storage: its owner, or a visitor from an address. */
export type StorageWriter = { kind: 'owner' } | { kind: 'visitor'; address: string };

/**
 * Per-account storage quotas (STORAGE_QUOTA_FREE_MB, STORAGE_QUOTA_PRO_MB): an account's
 * messages (audio and waveform picture), the visitors' messages in it (replies, contact form,
 * collect) and its pictures all count. A visitor address may add at most VISITOR_STORAGE_CAP_MB to one account in 24
 * hours, so one stranger cannot fill someone's inbox. Checked before a body is read (is there
 * any room?) and again with the real size; two uploads at the same moment may each pass, so
 * an account can end up over its quota by at most one upload per writer.
 */
export function createStorageQuota(options: { db: Database; config: Config; now?: () => Date }) {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  const quotaOf = (owner: UserRow) => (isPro(owner) ? config.storageQuota.proBytes : config.storageQuota.freeBytes);

  /** One query, not one per table: it runs before each piece of a progressive upload. */
  async function usedBytes(userId: number): Promise<number> {
    const pictures = db
      .select({ bytes: sql`coalesce(sum(${images.bytes}), 0)` })
      .from(images)
      .where(eq(images.userId, userId));
    const [used] = await db
      .select({
        bytes: sql<string>`coalesce(sum(coalesce(${recordings.audioBytes}, 0) + coalesce(${recordings.imageBytes}, 0)), 0) + (${pictures})`,
      })
      .from(recordings)
      .where(and(eq(recordings.userId, userId), inArray(recordings.status, ['uploading', 'uploaded'])));
    return Number(used?.bytes ?? 0);
  }

  async function visitorBytesToday(ownerId: number, address: string) {
    const since = new Date(now().getTime() - DAY_MS);
    const [row] = await db
      .select({
        bytes: sum(sql`coalesce(${recordings.audioBytes}, 0) + coalesce(${recordings.imageBytes}, 0)`),
        oldest: min(recordings.uploadDate),
      })
      .from(recordings)
      .where(
        and(
          eq(recordings.userId, ownerId),
          eq(recordings.visitorAddress, address),
          eq(recordings.status, 'uploaded'),
          gt(recordings.uploadDate, since),
        ),
      );
    return { bytes: Number(row?.bytes ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  return {
    quotaOf,
    usedBytes,

    /**
     * Refuses, with 413 (the account is full) or 429 (this visitor has sent enough here
     * today), an addition of `incomingBytes` to `owner`'s storage. 0 asks whether there is
     * any room left at all. Otherwise answers how many bytes `writer` may add now, all told.
     */
    async assertRoom(owner: UserRow, writer: StorageWriter, incomingBytes: number): Promise<number> {
      let visitorRoom = Number.POSITIVE_INFINITY;
      if (writer.kind === 'visitor') {
        const cap = config.storageQuota.visitorBytesPerDay;
        const today = await visitorBytesToday(owner.id, writer.address);
        if (today.bytes + incomingBytes > cap || (incomingBytes === 0 && today.bytes >= cap)) {
          const freesAt = (today.oldest?.getTime() ?? now().getTime()) + DAY_MS;
          const wait = Math.max(60, Math.ceil((freesAt - now().getTime()) / 1000));
          throw tooManyRequests(
            `You have sent as much as one visitor may send here in a day (${megabytes(cap)}). Try again in ${Math.ceil(wait / 3600)} hours.`,
            wait,
          );
        }
        visitorRoom = cap - today.bytes;
      }
      const quota = quotaOf(owner);
      const used = await usedBytes(owner.id);
      if (used + incomingBytes > quota || (incomingBytes === 0 && used >= quota)) {
        throw payloadTooLarge(
          writer.kind === 'visitor'
            ? 'This inbox is full and cannot take more voice messages right now.'
            : `Your storage is full: ${megabytes(used)} of ${megabytes(quota)} used. Delete some messages${isPro(owner) ? '' : ' or upgrade to Pro'} to make room.`,
        );
      }
      return Math.min(quota - used, visitorRoom);
    },
  };
}

export type StorageQuota = ReturnType<typeof createStorageQuota>;
