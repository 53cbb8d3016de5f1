import type { UploadTarget } from '../recordings/reservations.ts';

/** How long what was checked for an upload's PATCH holds for the PATCHes after it. */
export const STANDING_KEEP_MS = 5_000;

/**
 * What the route checked for one writer's PATCHes into one upload: the reservation (whose owner
 * and origin never change) and how many bytes the account (and the visitor's daily share) still
 * had room for.
 */
export type UploadStanding = { reservation: Omit<UploadTarget, 'context'>; roomBytes: number };

type Kept = UploadStanding & { until: number };

/**
 * A recorder sends a PATCH each second; reading the reservation and summing the account's storage
 * for each was most of a PATCH's database work (the progressive-upload bench). What was read holds
 * for STANDING_KEEP_MS. An upload deleted meanwhile is refused all the same: deleting a message
 * removes its upload, and the route finds none. Room freed meanwhile is seen when a PATCH needs
 * more than was left: the route then asks again. Two uploads into one account may each use the
 * same room, as two whole-file uploads at the same moment may (recordings/storage-quota.ts).
 */
export function createUploadStandings(options: { now?: () => number; keepMs?: number } = {}) {
  const now = options.now ?? Date.now;
  const keepMs = options.keepMs ?? STANDING_KEEP_MS;
  /** By upload, then by writer: one writer's standing never lets another in. */
  const kept = new Map<string, Map<string, Kept>>();

  return {
    get(id: string, writer: string): UploadStanding | null {
      const found = kept.get(id)?.get(writer);
      if (!found) return null;
      if (found.until > now()) return found;
      kept.get(id)?.delete(writer);
      return null;
    },

    set(id: string, writer: string, standing: UploadStanding): void {
      // Uploads that ended elsewhere leave their entries behind; they go once stale, on a later write.
      if (kept.size >= 1_000) {
        for (const [upload, writers] of kept) {
          for (const [who, entry] of writers) if (entry.until <= now()) writers.delete(who);
          if (writers.size === 0) kept.delete(upload);
        }
      }
      const writers = kept.get(id) ?? new Map<string, Kept>();
      kept.set(id, writers.set(writer, { ...standing, until: now() + keepMs }));
    },

    /** Everything kept for `id`, whoever wrote: its upload ended or was removed. */
    forget(id: string): void {
      kept.delete(id);
    },
  };
}

export type UploadStandings = ReturnType<typeof createUploadStandings>;
