import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import {
  handoffShareSchema,
  listenUrl,
  RECORDING_HANDOFF_ALREADY_DELIVERED,
  RECORDING_HANDOFF_DELIVERED_GRACE_MINUTES,
  RECORDING_HANDOFF_SPENT,
  RECORDING_HANDOFF_TTL_MINUTES,
  SHARE,
  signatureAccent,
  type HandoffShare,
  type RecordingHandoffClaimResponse,
  type RecordingHandoffCreated,
  type RecordingHandoffHost,
  type RecordingHandoffStatus,
} from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { recordingHandoffs, recordings } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { conflict, gone, notFound } from '../http/http-error.ts';
import type { Storage } from '../storage/storage.ts';
import type { PersonalisationService } from '../accounts/personalisation-service.ts';
import { isWritten, type RecordingRow } from '../recordings/recording-view.ts';
import { storedFileKeys } from '../recordings/recording-file-keys.ts';
import type { SignedFiles } from '../listening/signed-files.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** The answer to a message that is not the caller's, not there, or not a voice message: one 404. */
export const HANDOFF_RECORDING_NOT_FOUND = 'Recording not found';
/** A claim whose message was deleted after it was sent through the link. */
export const HANDOFF_RECORDING_DELETED = 'The voice message sent through this link was deleted. Record it again.';

/**
 * Recording handoffs between an Apps Script add-on (Gmail on phones, Google Docs), which cannot
 * record, and our recorder page, which can. The add-on creates one server to server and keeps
 * the secret; the page (its URL holds the id) records, then sends one of its user's messages
 * through it; the add-on's claim answers the message as a Share built here from what is stored
 * (nothing the page says is trusted) exactly once. Rows live 30 minutes; a delivered one at
 * least 10 more, so a message finished late can still be fetched.
 */
export function createRecordingHandoffService(options: {
  db: Database;
  config: Config;
  storage: Storage;
  personalisation: PersonalisationService;
  /** A private message's picture goes out at a short-lived address: its plain one answers 404. */
  signedFiles: Pick<SignedFiles, 'signedFileUrl'>;
  now?: () => Date;
}) {
  const { db, config, storage, personalisation, signedFiles } = options;
  const now = options.now ?? (() => new Date());

  /** A handoff that is still open (not expired); null otherwise. */
  async function liveRow(id: string) {
    const [row] = await db
      .select()
      .from(recordingHandoffs)
      .where(and(eq(recordingHandoffs.id, id), gt(recordingHandoffs.expiresAt, now())));
    return row ?? null;
  }

  /** The finished message as a host inserts it: what ui-kit's buildShare makes after an upload. */
  async function shareOf(row: RecordingRow): Promise<HandoffShare> {
    const settings = await personalisation.get(row.userId);
    const { signature } = settings;
    return handoffShareSchema.parse({
      id: row.id,
      url: listenUrl(row, config.publicUrl),
      title: row.subject?.trim() ? row.subject.trim() : SHARE.defaultTitle,
      message: signature.enabled ? signature.message : null,
      // The add-on fetches the picture as it claims (Docs puts it into the document), well within
      // the signed address's life; a private message's plain address would answer 404.
      imageUrl:
        row.privacy === 'public'
          ? storage.publicUrl(row.imageKey ?? `${row.id}.png`)
          : await signedFiles.signedFileUrl(storedFileKeys(row).imageKey),
      durationSeconds: row.duration,
      accent: signatureAccent(settings),
    });
  }

  return {
    /** POST /recording-handoff: a new handoff. Expired ones go first (delete on write). */
    async create(host: RecordingHandoffHost): Promise<RecordingHandoffCreated> {
      const at = now();
      const id = randomBytes(16).toString('base64url');
      const secret = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + RECORDING_HANDOFF_TTL_MINUTES * 60_000);
      await db.transaction(async (transaction) => {
        await transaction.delete(recordingHandoffs).where(lte(recordingHandoffs.expiresAt, at));
        await transaction.insert(recordingHandoffs).values({ id, host, secretHash: sha256(secret).toString('base64url'), expiresAt });
      });
      return { id, secret, expiresAt: expiresAt.toISOString() };
    },

    /** GET /recording-handoff/{id}: what the page may show; no secret and no message. */
    async status(id: string): Promise<RecordingHandoffStatus> {
      const row = await liveRow(id);
      if (!row) throw notFound(RECORDING_HANDOFF_SPENT);
      return { host: row.host, status: row.status, expiresAt: row.expiresAt.toISOString() };
    },

    /**
     * POST /recording-handoff/{id}/share: `userId`'s message `recordingId` goes through the
     * handoff, once. Someone else's message, an unknown one and a written one are one 404 and
     * change nothing; a message not uploaded yet is 409, an expired one 410.
     */
    async share(id: string, userId: number, recordingId: string): Promise<void> {
      if (!(await liveRow(id))) throw notFound(RECORDING_HANDOFF_SPENT);
      const [recording] = await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.id, recordingId), eq(recordings.userId, userId)));
      if (!recording || recording.status === 'deleted' || isWritten(recording)) throw notFound(HANDOFF_RECORDING_NOT_FOUND);
      if (recording.status !== 'uploaded') throw conflict('recordingId: this message has not finished uploading yet');
      const at = now();
      if (recording.expiryDate && recording.expiryDate.getTime() <= at.getTime()) throw gone('This voice message has expired');

      const graceEnd = new Date(at.getTime() + RECORDING_HANDOFF_DELIVERED_GRACE_MINUTES * 60_000);
      const live = and(eq(recordingHandoffs.id, id), gt(recordingHandoffs.expiresAt, at));
      // The status is checked in the statement that changes it: of two pages sending at once, one wins.
      const delivered = await db
        .update(recordingHandoffs)
        .set({
          status: 'delivered',
          recordingId,
          deliveredAt: at,
          expiresAt: sql`greatest(${recordingHandoffs.expiresAt}, ${graceEnd.toISOString()}::timestamptz)`,
        })
        .where(and(live, eq(recordingHandoffs.status, 'waiting')))
        .returning({ id: recordingHandoffs.id });
      if (delivered.length === 0) {
        const row = await liveRow(id);
        if (row?.status === 'delivered') throw conflict(RECORDING_HANDOFF_ALREADY_DELIVERED);
        throw notFound(RECORDING_HANDOFF_SPENT);
      }
    },

    /**
     * POST /recording-handoff/{id}/claim: `waiting` until a message is delivered, then `ready`
     * with it once; the claim that answers it deletes the row in the same statement, so two
     * claims at once cannot both get it. A wrong secret is answered like an unknown id.
     */
    async claim(id: string, secret: string): Promise<RecordingHandoffClaimResponse> {
      const row = await liveRow(id);
      const secretHash = sha256(secret);
      if (!row || !timingSafeEqual(Buffer.from(row.secretHash, 'base64url'), secretHash)) throw notFound(RECORDING_HANDOFF_SPENT);
      if (row.status === 'waiting' || !row.recordingId) return { status: 'waiting' };

      // Built before the row is spent: a message deleted meanwhile refuses the claim and spends nothing.
      const [recording] = await db.select().from(recordings).where(eq(recordings.id, row.recordingId));
      if (!recording || recording.status !== 'uploaded') throw notFound(HANDOFF_RECORDING_DELETED);
      const share = await shareOf(recording);
      const spent = await db
        .delete(recordingHandoffs)
        .where(
          and(
            eq(recordingHandoffs.id, id),
            eq(recordingHandoffs.status, 'delivered'),
            eq(recordingHandoffs.secretHash, row.secretHash),
            gt(recordingHandoffs.expiresAt, now()),
          ),
        )
        .returning({ id: recordingHandoffs.id });
      if (spent.length === 0) throw notFound(RECORDING_HANDOFF_SPENT);
      return { status: 'ready', share };
    },

    /** The periodic sweep: deletes expired handoffs, delivered or not; answers how many. */
    async forgetExpired(): Promise<number> {
      const forgotten = await db
        .delete(recordingHandoffs)
        .where(lte(recordingHandoffs.expiresAt, now()))
        .returning({ id: recordingHandoffs.id });
      return forgotten.length;
    },
  };
}

export type RecordingHandoffService = ReturnType<typeof createRecordingHandoffService>;
