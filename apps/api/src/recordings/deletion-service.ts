import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { jobs, recordings } from '../db/schema.ts';
import { notFound } from '../http/http-error.ts';
import { PermanentJobError, type JobQueue, type Transaction } from '../jobs/job-queue.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import type { Storage } from '../storage/storage.ts';
import { fileKeysOf } from './audio-service.ts';

export const DELETE_FILES_JOB = 'delete-files';

/** Storage that is down for a day still gets its files deleted: backoff is capped at an hour. */
const DELETE_MAX_ATTEMPTS = 30;
/** Keys per job when a whole account goes, so no job payload grows without bound. */
const KEYS_PER_JOB = 500;
const SWEEP_BATCH = 100;
const INLINE_DELETE_LIMIT = 200;

const isDeleted = eq(recordings.status, 'deleted');

/**
 * Durable deletion. Deleting marks the rows `deleted` (gone for every reader at once) and
 * queues a `delete-files` job in the same transaction; the job removes the files, retrying
 * while storage fails, and only then the rows. A crash or a storage outage can delay the
 * files' removal, never bring a deleted message back or leave its audio public.
 */
export function createDeletionService(options: { db: Database; storage: Storage; queue: JobQueue; wake: () => void }) {
  const { db, storage, queue } = options;

  const handler: JobHandler = {
    async run(job, context) {
      const { recordingId, keys } = job.payload as { recordingId?: unknown; keys?: unknown };
      if (typeof recordingId === 'string') {
        const rows = await db
          .select()
          .from(recordings)
          .where(and(or(eq(recordings.id, recordingId), eq(recordings.replyToId, recordingId)), isDeleted));
        for (const row of rows) {
          for (const key of fileKeysOf(row)) await storage.delete(key);
        }
        if (rows.length === 0) return;
        await context.complete(async (transaction) => {
          await transaction.delete(recordings).where(
            and(
              inArray(
                recordings.id,
                rows.map((row) => row.id),
              ),
              isDeleted,
            ),
          );
        });
        return;
      }
      if (Array.isArray(keys) && keys.every((key) => typeof key === 'string')) {
        for (const key of keys) await storage.delete(key);
        // The finished job is kept; the names of a deleted account's files need not be.
        await context.complete(async (transaction) => {
          await transaction
            .update(jobs)
            .set({ payload: { keys: [], deleted: keys.length } })
            .where(eq(jobs.id, job.id));
        });
        return;
      }
      throw new PermanentJobError('The job names no recording and no files');
    },
  };

  const queueRecording = (recordingId: string, transaction?: Transaction) =>
    queue.enqueue(
      { kind: DELETE_FILES_JOB, key: `${DELETE_FILES_JOB}:${recordingId}`, payload: { recordingId }, maxAttempts: DELETE_MAX_ATTEMPTS },
      { again: true, transaction },
    );

  return {
    handlers: { [DELETE_FILES_JOB]: handler },

    /**
     * DELETE /delete/{id}: the owner's message and its replies are gone once this returns;
     * their files follow through the queue.
     */
    async deleteRecording(userId: number, id: string): Promise<void> {
      const marked = await db.transaction(async (transaction) => {
        const rows = await transaction
          .update(recordings)
          .set({ status: 'deleted' })
          .where(
            and(
              eq(recordings.userId, userId),
              or(eq(recordings.id, id), eq(recordings.replyToId, id)),
              inArray(recordings.status, ['reserved', 'uploading', 'uploaded']),
            ),
          )
          .returning();
        // Someone else's recording is "not found" too: its existence is not ours to reveal.
        if (!rows.some((row) => row.id === id)) return null;
        await queueRecording(id, transaction);
        return rows;
      });
      if (!marked) throw notFound('Recording not found');
      // A public bucket serves files without asking us: try them now, so they usually go at
      // once; whatever fails here is the job's to retry.
      await Promise.allSettled(marked.flatMap(fileKeysOf).map((key) => storage.delete(key)));
      options.wake();
    },

    /**
     * Runs `removeRows` (a deleted account, say) in one transaction with queuing the removal
     * of `keys`: the jobs hold the keys, since the rows will not be there to name them.
     */
    async removeWithFiles(keys: string[], removeRows: (transaction: Transaction) => Promise<void>): Promise<void> {
      await db.transaction(async (transaction) => {
        for (let start = 0; start < keys.length; start += KEYS_PER_JOB) {
          await queue.enqueue(
            {
              kind: DELETE_FILES_JOB,
              key: `${DELETE_FILES_JOB}:keys:${randomUUID()}`,
              payload: { keys: keys.slice(start, start + KEYS_PER_JOB) },
              maxAttempts: DELETE_MAX_ATTEMPTS,
            },
            { transaction },
          );
        }
        await removeRows(transaction);
      });
      // As for one message: a public bucket's files should usually go at once. A large
      // account's are left to the jobs, so the request stays short.
      if (keys.length <= INLINE_DELETE_LIMIT) await Promise.allSettled(keys.map((key) => storage.delete(key)));
      if (keys.length > 0) options.wake();
    },

    /**
     * Requeues deleted recordings whose job gave up (storage down for longer than its
     * retries), so their files still go in the end. Answers how many were queued.
     */
    async sweepDeleted(): Promise<number> {
      const rows = await db
        .select({ id: recordings.id, replyToId: recordings.replyToId })
        .from(recordings)
        .where(isDeleted)
        .limit(SWEEP_BATCH);
      let queued = 0;
      // A reply marked with its message is deleted by the message's job.
      const markedIds = new Set(rows.map((row) => row.id));
      for (const row of rows) {
        if (row.replyToId && markedIds.has(row.replyToId)) continue;
        if (await queueRecording(row.id)) queued++;
      }
      if (queued > 0) options.wake();
      return queued;
    },
  };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
