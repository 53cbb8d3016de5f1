import { and, eq, sql } from 'drizzle-orm';
import {
  TRANSCRIPTION_FAILED_MESSAGE,
  TRANSCRIPTION_NOT_CONFIGURED_MESSAGE,
  transcriptSentences,
  type TranscriptionNotice,
  type TranscriptEdit,
  type TranscriptionState,
} from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { recordings } from '../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/http-error.ts';
import { PermanentJobError, type JobQueue, type Transaction } from '../jobs/job-queue.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import { contentTypeOf, type Storage } from '../storage/storage.ts';
import type { Summariser } from '../transcription/summariser.ts';
import type { Transcriber } from '../transcription/transcriber.ts';
import type { UserRow } from '../accounts/account-service.ts';
import type { PersonalisationService } from '../accounts/personalisation-service.ts';
import { isPro } from '../billing/plans.ts';
import { readObject } from './stored-audio.ts';
import { titleFromHeardWords } from './title-from-transcript.ts';
import type { WebhookService } from '../automation/webhook-service.ts';

export const TRANSCRIBE_JOB = 'transcribe';
/**
 * The order transcripts are made in (jobs.priority, lower first): an owner's own message before
 * any visitor's, which wait behind them however early they came (issue 23, finding 6).
 */
export const TRANSCRIPT_PRIORITY = { owner: 0, visitor: 1 } as const;
export const SUMMARISE_JOB = 'summarise';

type RecordingRow = typeof recordings.$inferSelect;

const recordingIdOf = (payload: Record<string, unknown>) => {
  const id = payload.recordingId;
  if (typeof id !== 'string') throw new PermanentJobError('The job names no recording');
  return id;
};

/**
 * Transcripts: who gets one (Pro owners with defaults.transcriptions on, when an engine is
 * configured), the jobs that make them and their summaries, and the owner's retry.
 */
export function createTranscriptionService(options: {
  db: Database;
  storage: Storage;
  queue: JobQueue;
  transcriber: Transcriber | null;
  summariser: Summariser | null;
  personalisation: PersonalisationService;
  wake: () => void;
  /** Told when a transcript is ready (transcript.completed). */
  webhooks?: WebhookService;
}) {
  const { db, storage, queue, transcriber, summariser, personalisation } = options;

  async function ownedRow(userId: number, id: string): Promise<RecordingRow> {
    const [row] = await db
      .select()
      .from(recordings)
      .where(and(eq(recordings.id, id), eq(recordings.userId, userId), eq(recordings.status, 'uploaded')));
    if (!row) throw notFound('Recording not found');
    return row;
  }

  // A written contact-form message has no audio to transcribe.
  const canRetry = (row: RecordingRow, owner: UserRow) =>
    transcriber !== null &&
    row.audioKey !== null &&
    isPro(owner) &&
    (row.transcriptionStatus === 'error' || row.transcriptionStatus === null);

  function stateOf(row: RecordingRow, owner: UserRow): TranscriptionState {
    return {
      id: row.id,
      status: row.transcriptionStatus,
      transcription: row.transcription,
      summary: row.summary,
      error: row.transcriptionStatus === 'error' ? (row.transcriptionError ?? TRANSCRIPTION_FAILED_MESSAGE) : null,
      canRetry: canRetry(row, owner),
      transcriber: transcriber?.name ?? null,
    };
  }

  /** Marks the recording loading and queues its job, in the caller's transaction. */
  async function queueInTransaction(recordingId: string, transaction: Transaction, again: boolean, priority: number) {
    await transaction
      .update(recordings)
      .set({ transcriptionStatus: 'loading', transcriptionError: null })
      .where(eq(recordings.id, recordingId));
    await queue.enqueue(
      { kind: TRANSCRIBE_JOB, key: `${TRANSCRIBE_JOB}:${recordingId}`, payload: { recordingId }, priority },
      { again, transaction },
    );
  }

  const transcribeHandler: JobHandler = {
    async run(job, context) {
      if (!transcriber) throw new PermanentJobError(TRANSCRIPTION_NOT_CONFIGURED_MESSAGE);
      const recordingId = recordingIdOf(job.payload);
      const [row] = await db.select().from(recordings).where(eq(recordings.id, recordingId));
      // Deleted meanwhile: nothing left to transcribe.
      if (!row?.audioKey || row.filesDeletedAt || row.status === 'deleted') return;
      const audio = await readObject(storage, row.audioKey);
      if (!audio) throw new Error('The recording file is not in storage (yet)');
      const { transcription, confidence } = await transcriber.transcribe({
        audio,
        contentType: contentTypeOf(row.audioKey),
        durationSeconds: row.duration,
        signal: context.signal,
      });
      let told = false;
      await context.complete(async (transaction) => {
        told =
          (await options.webhooks?.emitInTransaction(row.userId, 'transcript.completed', { id: row.id, transcription }, transaction)) ??
          false;
        await transaction
          .update(recordings)
          .set({
            transcription,
            transcriptionStatus: 'complete',
            transcriptionError: null,
            // A title the owner set stays; see titleFromHeardWords for when the words give one.
            subject: sql`coalesce(${recordings.subject}, ${titleFromHeardWords(row.origin, { transcription, confidence })})`,
          })
          .where(eq(recordings.id, recordingId));
        if (summariser && transcription.length > 0) {
          await queue.enqueue(
            { kind: SUMMARISE_JOB, key: `${SUMMARISE_JOB}:${recordingId}`, payload: { recordingId } },
            { again: true, transaction },
          );
        }
      });
      if (told) options.wake();
    },
    async giveUp(job, reason, transaction) {
      const recordingId = typeof job.payload.recordingId === 'string' ? job.payload.recordingId : null;
      if (!recordingId) return;
      await transaction
        .update(recordings)
        .set({ transcriptionStatus: 'error', transcriptionError: reason.slice(0, 500) })
        .where(eq(recordings.id, recordingId));
    },
  };

  const summariseHandler: JobHandler = {
    async run(job, context) {
      if (!summariser) return;
      const recordingId = recordingIdOf(job.payload);
      const [row] = await db.select().from(recordings).where(eq(recordings.id, recordingId));
      if (!row?.transcription) return;
      const text = transcriptSentences(row.transcription)
        .map((sentence) => sentence.text)
        .join(' ');
      const summary = await summariser.summarise(text, context.signal);
      await context.complete(async (transaction) => {
        await transaction.update(recordings).set({ summary }).where(eq(recordings.id, recordingId));
      });
    },
  };

  return {
    transcriberName: transcriber?.name ?? null,
    handlers: { [TRANSCRIBE_JOB]: transcribeHandler, [SUMMARISE_JOB]: summariseHandler },

    /** Whether a new message of this owner gets a transcript; read before the upload's transaction. */
    async wantsTranscript(owner: UserRow): Promise<boolean> {
      if (!transcriber || !isPro(owner)) return false;
      const settings = await personalisation.get(owner.id);
      return settings.defaults.transcriptions;
    },

    /** `fromVisitor`: a reply, contact-form or collected message, which waits behind the owner's own. */
    queueInTransaction: (recordingId: string, transaction: Transaction, fromVisitor: boolean) =>
      queueInTransaction(recordingId, transaction, false, fromVisitor ? TRANSCRIPT_PRIORITY.visitor : TRANSCRIPT_PRIORITY.owner),

    /** What the listen page says where a transcript would be. */
    noticeFor(row: Pick<RecordingRow, 'transcriptionStatus'>): TranscriptionNotice {
      if (row.transcriptionStatus === 'error') return { configured: transcriber !== null, message: TRANSCRIPTION_FAILED_MESSAGE };
      if (!transcriber && row.transcriptionStatus === null) {
        return { configured: false, message: TRANSCRIPTION_NOT_CONFIGURED_MESSAGE };
      }
      return { configured: transcriber !== null, message: null };
    },

    /** GET transcription/{id}: the owner's view, with the reason of a failure. */
    async state(owner: UserRow, id: string): Promise<TranscriptionState> {
      return stateOf(await ownedRow(owner.id, id), owner);
    },

    /** POST transcription/{id}/retry: queues a failed (or never asked for) transcript again. */
    async retry(owner: UserRow, id: string): Promise<TranscriptionState> {
      const row = await ownedRow(owner.id, id);
      if (!transcriber) throw conflict(TRANSCRIPTION_NOT_CONFIGURED_MESSAGE);
      if (!isPro(owner)) throw forbidden('Transcripts are a Pro feature. Upgrade to get them.');
      if (row.filesDeletedAt) throw conflict('This voice message has expired');
      if (row.audioKey === null) throw conflict('This message has no audio to transcribe');
      if (row.transcriptionStatus === 'loading') throw conflict('The transcript is being made already');
      if (row.transcriptionStatus === 'complete') throw conflict('This recording has a transcript already');
      const priority = row.origin === 'owner' ? TRANSCRIPT_PRIORITY.owner : TRANSCRIPT_PRIORITY.visitor;
      await db.transaction((transaction) => queueInTransaction(row.id, transaction, true, priority));
      options.wake();
      return stateOf({ ...row, transcriptionStatus: 'loading', transcriptionError: null }, owner);
    },

    /**
     * PUT transcription/{id}: the owner's corrections, one text per sentence in order. Only the
     * words change; every start and end stays, so the read-along still follows the audio. The
     * summary stays too: it was made from the same speech, and a typo fix rarely changes it.
     */
    async edit(owner: UserRow, id: string, edit: TranscriptEdit): Promise<TranscriptionState> {
      const row = await ownedRow(owner.id, id);
      if (row.transcriptionStatus !== 'complete' || !row.transcription) throw conflict('This recording has no transcript to edit yet');
      const count = transcriptSentences(row.transcription).length;
      if (edit.sentences.length !== count) {
        throw badRequest(`sentences: the transcript has ${count} sentence${count === 1 ? '' : 's'}, the edit has ${edit.sentences.length}`);
      }
      let next = 0;
      const transcription = row.transcription.map((segment) => {
        const sentences = segment.sentences.map((sentence) => ({ ...sentence, text: edit.sentences[next++]! }));
        const words = sentences.reduce((sum, sentence) => sum + sentence.text.split(/\s+/).filter(Boolean).length, 0);
        return { ...segment, sentences, num_words: words };
      });
      // Guarded by the status it was read with: a retry that started meanwhile wins, not a stale edit.
      const updated = await db
        .update(recordings)
        .set({ transcription })
        .where(and(eq(recordings.id, row.id), eq(recordings.transcriptionStatus, 'complete')))
        .returning({ id: recordings.id });
      if (updated.length === 0) throw conflict('The transcript changed meanwhile; reload and edit again');
      return stateOf({ ...row, transcription }, owner);
    },
  };
}

export type TranscriptionService = ReturnType<typeof createTranscriptionService>;
