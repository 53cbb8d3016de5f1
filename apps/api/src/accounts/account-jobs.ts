import { and, inArray, ne, or, sql } from 'drizzle-orm';
import { jobs } from '../db/schema.ts';
import type { Transaction } from '../jobs/job-queue.ts';

/**
 * Deletes the jobs that name an account (its messages, its id, its address), finished or
 * waiting, when the account goes: a finished job is kept as a record, and it must not keep
 * that of a deleted person. A running job is left to finish; it finds its rows gone.
 */
export async function deleteJobsOfAccount(
  transaction: Transaction,
  account: { userId: number; email: string; recordingIds: string[] },
): Promise<void> {
  const { payload } = jobs;
  await transaction
    .delete(jobs)
    .where(
      and(
        ne(jobs.state, 'running'),
        or(
          account.recordingIds.length > 0 ? inArray(sql`${payload}->>'recordingId'`, account.recordingIds) : undefined,
          sql`${payload}->>'ownerId' = ${String(account.userId)}`,
          sql`${payload}->>'userId' = ${String(account.userId)}`,
          sql`${payload}->>'oldEmail' = ${account.email}`,
          sql`${payload}->>'newEmail' = ${account.email}`,
        ),
      ),
    );
}
