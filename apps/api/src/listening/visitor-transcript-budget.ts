import { and, eq, gt, isNotNull, ne, sql, sum } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { recordings } from '../db/schema.ts';

/**
 * Visitors' audio an owner's account transcribes in a day, from all visitors together and from
 * one visitor's address (issue 23, finding 6: three anonymous five-minute replies held the one
 * media worker for 4½ minutes). Past either, a visitor's message is kept without a transcript,
 * and its owner may still ask for one (retry).
 */
export const VISITOR_TRANSCRIPT_BUDGET = { perOwnerSecondsPerDay: 60 * 60, perAddressSecondsPerDay: 10 * 60 } as const;

/** What the owner reads where the transcript would be. */
export const VISITOR_BUDGET_SPENT =
  "Not transcribed: visitors' messages used today's transcription time for your account. Retry to transcribe it now.";

const DAY_MS = 86_400_000;

export function createVisitorTranscriptBudget(options: { db: Database; now?: () => Date }) {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  /** Seconds of visitors' audio given to the transcriber for `ownerId` in the last day, all or from one address. */
  async function spentSeconds(ownerId: number, visitorAddress: string | null): Promise<number> {
    const since = new Date(now().getTime() - DAY_MS);
    const [row] = await db
      .select({ seconds: sum(recordings.duration) })
      .from(recordings)
      .where(
        and(
          eq(recordings.userId, ownerId),
          ne(recordings.origin, 'owner'),
          gt(recordings.uploadDate, since),
          // Queued, made or failed; a message kept without one (over the budget) is not counted.
          isNotNull(recordings.transcriptionStatus),
          sql`coalesce(${recordings.transcriptionError}, '') <> ${VISITOR_BUDGET_SPENT}`,
          visitorAddress === null ? undefined : eq(recordings.visitorAddress, visitorAddress),
        ),
      );
    return Number(row?.seconds ?? 0);
  }

  return {
    /** Whether a visitor's message of `seconds` from `visitorAddress` may be transcribed now. */
    async allows(ownerId: number, visitorAddress: string, seconds: number): Promise<boolean> {
      const budget = VISITOR_TRANSCRIPT_BUDGET;
      if ((await spentSeconds(ownerId, visitorAddress)) + seconds > budget.perAddressSecondsPerDay) return false;
      return (await spentSeconds(ownerId, null)) + seconds <= budget.perOwnerSecondsPerDay;
    },
  };
}

export type VisitorTranscriptBudget = ReturnType<typeof createVisitorTranscriptBudget>;
