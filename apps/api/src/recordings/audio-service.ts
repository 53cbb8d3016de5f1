import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { ReencodeResponse } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { images, recordings } from '../db/schema.ts';
import { gone, HttpError, notFound } from '../http/http-error.ts';
import { PermanentJobError, type JobQueue, type Transaction } from '../jobs/job-queue.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import { AUDIO_EXTENSIONS } from '../media/audio-file.ts';
import type { MediaPool } from '../media/media-pool.ts';
import { WorkerTaskError } from '../media/worker-pool.ts';
import type { Storage } from '../storage/storage.ts';
import { RECORDING_FILE, withExtension } from './recording-file-keys.ts';
import { readObject } from './stored-audio.ts';

export const REENCODE_JOB = 'reencode';
export const EXPIRE_JOB = 'expire';

/**
 * How long GET reencode/{id} waits for its job before answering "queued": well inside a
 * client's request timeout (the api-client's is 30 s), even on a busy server.
 */
const REENCODE_WAIT_MS = 10_000;
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
export const fileKeysOf = (row: Pick<RecordingRow, 'id' | 'audioKey' | 'imageKey'>) => [
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
export function createAudioService(options: {
  db: Database;
  storage: Storage;
  queue: JobQueue;
  wake: () => void;
  media: Pick<MediaPool, 'reencode'>;
  now?: () => Date;
}) {
  const { db, storage, queue } = options;
  const now = options.now ?? (() => new Date());

  const reencodeHandler: JobHandler = {
    async run(job, context) {
      const recordingId = recordingIdOf(job.payload);
      const [row] = await db.select().from(recordings).where(eq(recordings.id, recordingId));
      if (!row?.audioKey || row.filesDeletedAt) return;
      const sourceKey = row.audioKey;
      const source = await readObject(storage, sourceKey);
      if (!source) throw new Error('The recording file is not in storage (yet)');
      let result;
      try {
        result = await options.media.reencode(source, context.signal);
      } catch (error) {
        context.signal.throwIfAborted();
        // A busy pool or a worker that died is worth another try; bytes that do not decode are not.
        if (!(error instanceof WorkerTaskError)) throw error;
        throw new PermanentJobError(`The audio could not be decoded: ${error.message}`);
      }
      // Under the same name, secret and all (a private message's: recording-file-keys.ts).
      const targetKey = withExtension(sourceKey, 'mp3');
      // Storage.put replaces atomically: listeners get the old file or the new one, whole.
      await storage.put(targetKey, result.mp3, 'audio/mpeg');
      const { durationSeconds } = result;
      let stillThere = false;
      try {
        await context.complete(async (transaction) => {
          const updated = await transaction
            .update(recordings)
            .set({ audioKey: targetKey, duration: durationSeconds, audioBytes: result.mp3.byteLength })
            .where(and(eq(recordings.id, row.id), isNull(recordings.filesDeletedAt), eq(recordings.audioKey, sourceKey)))
            .returning({ id: recordings.id });
          stillThere = updated.length > 0;
          if (stillThere) return;
          // Made private meanwhile, its files moved to new names (recording-file-keys.ts): the
          // job fails this try, and the next one re-encodes the file where it is now.
          const [current] = await transaction
            .select({ audioKey: recordings.audioKey, filesDeletedAt: recordings.filesDeletedAt })
            .from(recordings)
            .where(eq(recordings.id, row.id));
          if (current && !current.filesDeletedAt && current.audioKey !== sourceKey) {
            throw new Error('The recording moved to new file names while it was re-encoded');
          }
        });
      } finally {
        // The WebM or MP4 original is replaced; a recording deleted or moved meanwhile loses the new file.
        if (!stillThere) await storage.delete(targetKey);
      }
      if (stillThere && sourceKey !== targetKey) await storage.delete(sourceKey);
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

    /**
     * Whether a stored file may be served: null when it may, else the refusal. Only a sent
     * message's files and a picture someone owns are public: a file whose row is deleted,
     * never uploaded or missing stops being served at once, whether or not it is still stored.
     */
    /**
     * Why `/files/{key}` may not be served, or null. A private message's files (a password, a team) are
     * served only at a signed address (`signed`: its signature was checked), else 404.
     */
    async fileRefusal(key: string, signed = false): Promise<HttpError | null> {
      if (key.startsWith('images/')) {
        const [picture] = await db.select({ key: images.key }).from(images).where(eq(images.key, key));
        return picture ? null : notFound('File not found');
      }
      const recordingId = RECORDING_FILE.exec(key)?.[1];
      if (!recordingId) return notFound('File not found');
      const [row] = await db
        .select({
          status: recordings.status,
          expiryDate: recordings.expiryDate,
          filesDeletedAt: recordings.filesDeletedAt,
          privacy: recordings.privacy,
        })
        .from(recordings)
        .where(eq(recordings.id, recordingId));
      if (row?.status !== 'uploaded' || (row.privacy !== 'public' && !signed)) return notFound('File not found');
      if (row.filesDeletedAt || isExpired(row, now())) return gone('This voice message has expired');
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
      const key = `${REENCODE_JOB}:${row.id}`;
      // One re-encode per recording: a queued or running one is waited for, not queued again,
      // and a finished one is the answer (a sent message's audio never changes but by this job).
      // Only a failed one is tried anew.
      const previous = await queue.find(key);
      if (previous?.state !== 'done') {
        await queueReencode(row.id, undefined, previous?.state === 'failed');
        options.wake();
      }
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
