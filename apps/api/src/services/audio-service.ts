import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { ReencodeResponse } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { recordings } from '../db/schema.ts';
import { gone, HttpError, notFound } from '../http/http-error.ts';
import { PermanentJobError, type JobQueue, type Transaction } from '../jobs/job-queue.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import { AUDIO_EXTENSIONS } from '../media/audio-file.ts';
import { readMp3 } from '../media/mp3.ts';
import { reencodeToMp3 } from '../media/mp3-encoder.ts';
import type { Storage } from '../storage/storage.ts';
import { readObject } from './stored-audio.ts';

export const REENCODE_JOB = 'reencode';
export const EXPIRE_JOB = 'expire';

/** How long GET reencode/{id} waits for its job before answering "queued". */
const REENCODE_WAIT_MS = 20_000;
const EXPIRY_BATCH = 100;

type RecordingRow = typeof recordings.$inferSelect;

const recordingIdOf = (payload: Record<string, unknown>) => {
  const id = payload.recordingId;
  if (typeof id !== 'string') throw new PermanentJobError('The job names no recording');
  return id;
};

const isExpired = (row: Pick<RecordingRow, 'expiryDate'>, now: Date) =>
  row.expiryDate !== null && row.expiryDate.getTime() <= now.getTime();

/** Every key a recording's files may have had, whatever format it arrived in. */
const fileKeysOf = (row: Pick<RecordingRow, 'id' | 'audioKey' | 'imageKey'>) => [
  ...new Set(
    [row.audioKey, row.imageKey, `${row.id}.png`, ...Object.values(AUDIO_EXTENSIONS).map((extension) => `${row.id}.${extension}`)].filter(
      (key): key is string => key !== null,
    ),
  ),
];

/**
 * Audio after upload: re-encoding to normalised MP3 (on request, and for WebM/MP4 uploads),
 * and expiry (a job deletes an expired recording's files).
 */
export function createAudioService(options: { db: Database; storage: Storage; queue: JobQueue; wake: () => void; now?: () => Date }) {
  const { db, storage, queue } = options;
  const now = options.now ?? (() => new Date());

  const reencodeHandler: JobHandler = {
    async run(job, context) {
      const recordingId = recordingIdOf(job.payload);
      const [row] = await db.select().from(recordings).where(eq(recordings.id, recordingId));
      if (!row?.audioKey || row.filesDeletedAt) return;
      const source = await readObject(storage, row.audioKey);
      if (!source) throw new Error('The recording file is not in storage (yet)');
      let result;
      try {
        result = await reencodeToMp3(source, context.signal);
      } catch (error) {
        context.signal.throwIfAborted();
        throw new PermanentJobError(`The audio could not be decoded: ${error instanceof Error ? error.message : String(error)}`);
      }
      const targetKey = `${row.id}.mp3`;
      // Storage.put replaces atomically: listeners get the old file or the new one, whole.
      await storage.put(targetKey, result.mp3, 'audio/mpeg');
      const durationSeconds = readMp3(result.mp3)?.durationSeconds ?? result.durationSeconds;
      let stillThere = false;
      await context.complete(async (transaction) => {
        const updated = await transaction
          .update(recordings)
          .set({ audioKey: targetKey, duration: durationSeconds, audioBytes: result.mp3.byteLength })
          .where(and(eq(recordings.id, row.id), isNull(recordings.filesDeletedAt)))
          .returning({ id: recordings.id });
        stillThere = updated.length > 0;
      });
      // The WebM or MP4 original is replaced; a recording deleted meanwhile loses the new file too.
      if (!stillThere) await storage.delete(targetKey);
      else if (row.audioKey !== targetKey) await storage.delete(row.audioKey);
    },
  };

  const expireHandler: JobHandler = {
    async run(job, context) {
      const recordingId = recordingIdOf(job.payload);
      const [row] = await db.select().from(recordings).where(eq(recordings.id, recordingId));
      // Deleted, or given a later expiry date since the job was queued.
      if (!row || !isExpired(row, now()) || row.filesDeletedAt) return;
      for (const key of fileKeysOf(row)) await storage.delete(key);
      await context.complete(async (transaction) => {
        await transaction
          .update(recordings)
          .set({ filesDeletedAt: sql`now()` })
          .where(eq(recordings.id, row.id));
      });
    },
  };

  async function queueReencode(recordingId: string, transaction?: Transaction, again = false) {
    return queue.enqueue({ kind: REENCODE_JOB, key: `${REENCODE_JOB}:${recordingId}`, payload: { recordingId } }, { again, transaction });
  }

  return {
    handlers: { [REENCODE_JOB]: reencodeHandler, [EXPIRE_JOB]: expireHandler },

    /** For uploads in WebM or MP4, in the upload's transaction. */
    queueReencodeInTransaction: (recordingId: string, transaction: Transaction) => queueReencode(recordingId, transaction),

    /** Queues a job for each expired recording whose files are still stored. */
    async sweepExpired(): Promise<number> {
      const expired = await db
        .select({ id: recordings.id })
        .from(recordings)
        .where(and(lte(recordings.expiryDate, now()), isNull(recordings.filesDeletedAt), eq(recordings.status, 'uploaded')))
        .limit(EXPIRY_BATCH);
      let queued = 0;
      for (const { id } of expired) {
        if (await queue.enqueue({ kind: EXPIRE_JOB, key: `${EXPIRE_JOB}:${id}`, payload: { recordingId: id } }, { again: true })) {
          queued++;
        }
      }
      if (queued > 0) options.wake();
      return queued;
    },

    /** Whether a recording's file may be served: null when it may, else the refusal. */
    async fileRefusal(recordingId: string): Promise<HttpError | null> {
      const [row] = await db
        .select({ expiryDate: recordings.expiryDate, filesDeletedAt: recordings.filesDeletedAt })
        .from(recordings)
        .where(eq(recordings.id, recordingId));
      if (row && (row.filesDeletedAt || isExpired(row, now()))) return gone('This voice message has expired');
      return null;
    },

    /**
     * GET reencode/{id}: re-encodes the owner's recording to normalised MP3 through the
     * queue (so it is bounded and survives a restart) and waits a while for the result.
     */
    async reencode(userId: number, id: string): Promise<ReencodeResponse> {
      const [row] = await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.id, id), eq(recordings.userId, userId), eq(recordings.status, 'uploaded')));
      if (!row?.audioKey) throw notFound('Recording not found');
      if (row.filesDeletedAt || isExpired(row, now())) throw gone('This voice message has expired');
      // Only what our own storage holds can be re-encoded and replaced.
      if (!(await storage.stat(row.audioKey))) throw notFound("This recording's audio is not on our storage");
      await queueReencode(row.id, undefined, true);
      options.wake();
      const key = `${REENCODE_JOB}:${row.id}`;
      const deadline = Date.now() + REENCODE_WAIT_MS;
      for (;;) {
        const job = await queue.find(key);
        if (job?.state === 'failed') throw new HttpError(422, job.lastError ?? 'The audio could not be re-encoded');
        if (job?.state === 'done' || Date.now() > deadline) {
          const [current] = await db.select().from(recordings).where(eq(recordings.id, row.id));
          return {
            id: row.id,
            status: job?.state === 'done' ? 'complete' : 'queued',
            audioUrl: storage.publicUrl(current?.audioKey ?? row.audioKey),
            duration: current?.duration ?? row.duration,
          };
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

export type AudioService = ReturnType<typeof createAudioService>;
