import { and, asc, desc, eq, isNull, lt, ne, or } from 'drizzle-orm';
import {
  listenUrl,
  VISITOR_LIMITS,
  type EditRecording,
  type PublicListenPayload,
  type Recording,
  type UploadResponse,
} from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { recordings } from '../db/schema.ts';
import type { Config } from '../env.ts';
import type { HttpError } from '../http/http-error.ts';
import { badRequest, conflict, forbidden, gone, notFound, payloadTooLarge, unsupportedMediaType } from '../http/http-error.ts';
import { AUDIO_CONTENT_TYPES, AUDIO_EXTENSIONS, probeAudioFile, type AudioFileProbe } from '../media/audio-file.ts';
import type { MediaPool } from '../media/media-pool.ts';
import { acceptPicture, WAVEFORM_PICTURE } from '../accounts/picture-intake.ts';
import { drawWaveformPicture } from '../media/waveform-picture.ts';
import { VISITOR_BUDGET_SPENT, type VisitorTranscriptBudget } from '../listening/visitor-transcript-budget.ts';
import { putFromFile, type Storage } from '../storage/storage.ts';
import { createPublicPageCache, type PublicPageCache } from '../cache/public-page-cache.ts';
import type { AccountService, UserRow } from '../accounts/account-service.ts';
import type { AudioService } from './audio-service.ts';
import type { DeletionService } from './deletion-service.ts';
import { createKeyedHash } from '../common/keyed-hash.ts';
import type { StorageQuota } from './storage-quota.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { PersonalisationService } from '../accounts/personalisation-service.ts';
import { linkDomainOf } from '../site/custom-domain-service.ts';
import { limitsFor } from '../billing/plans.ts';
import type { TranscriptionService } from './transcription-service.ts';
import type { Transaction } from '../jobs/job-queue.ts';
import type { WebhookService } from '../automation/webhook-service.ts';
import { createPublicPages, type PublicPage } from './public-pages.ts';
import { createReservations, REPLIES_TURNED_OFF, type UploadTarget } from './reservations.ts';
import { isWritten, recordingOf, type RecordingRow } from './recording-view.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { hasTeam } from '../teams/team-of.ts';
import { copyToPrivateKeys, storedFileKeys } from './recording-file-keys.ts';
import type { SignedFiles } from '../listening/signed-files.ts';

/** Why a message cannot be kept to a team: its owner has none. */
export const NO_TEAM = 'Only a team can have team-only messages: with Pro, invite your team on the Team page';

/** Encoders pad the last frame: allow this much over the plan's limit. */
const DURATION_TOLERANCE_SECONDS = 2;

/**
 * Why a message of `seconds` may not be kept, or null: the owner's plan limits the owner's own
 * messages, visitors have one fixed cap. Checked on the whole file and while a progressive
 * upload's bytes arrive (uploads/checked-file-store.ts).
 */
export function lengthRefusal(target: { owner: Pick<UserRow, 'plan'>; visitor: boolean }, seconds: number): HttpError | null {
  const maxSeconds = target.visitor ? VISITOR_LIMITS.maxRecordingSeconds : limitsFor(target.owner).maxRecordingSeconds;
  if (maxSeconds === null || seconds <= maxSeconds + DURATION_TOLERANCE_SECONDS) return null;
  return forbidden(
    target.visitor
      ? `Voice messages from visitors can be at most ${maxSeconds / 60} minutes long.`
      : `Free plan messages can be at most ${maxSeconds / 60} minute long. Upgrade to Pro for unlimited length.`,
  );
}
/** The waveform picture as uploaded: a 1200 × 300 PNG is tens of KB. */
export const MAX_IMAGE_BYTES = 512 * 1024;

/** A claim on a reservation older than this belongs to an upload whose process died. */
const UPLOAD_CLAIM_TIMEOUT_MS = 5 * 60_000;
/** How long an upload waits for another upload of the same id to finish before 409. */
const CONCURRENT_UPLOAD_WAIT_MS = 60_000;

export type UploadParts = {
  /**
   * The recording as received, in a file its caller removes; `probe`, when given, is what its
   * bytes were found to be as they arrived (a progressive upload), so they are not read again.
   */
  recording: { path: string; bytes: number; probe?: AudioFileProbe | null } | null;
  image: Uint8Array | null;
};

export function createRecordingService(options: {
  db: Database;
  config: Config;
  storage: Storage;
  storageQuota: StorageQuota;
  accounts: AccountService;
  personalisation: PersonalisationService;
  transcription: TranscriptionService;
  audio: AudioService;
  notifications: NotificationService;
  deletion: DeletionService;
  /** The owner's webhooks, told of each message that arrives (none in suites that do not need them). */
  webhooks?: WebhookService;
  /** Decodes the waveform picture (picture-intake.ts). */
  media: MediaPool;
  /** How much of visitors' audio an owner's account transcribes a day. */
  visitorTranscripts: VisitorTranscriptBudget;
  /** Tells this process's job worker that jobs were queued. */
  wakeJobs: () => void;
  /** Public pages kept in memory; none when absent. */
  publicPages?: PublicPageCache<PublicPage>;
  /** A private message's files at short-lived addresses: their plain ones answer 404, to its owner too. */
  signedFiles: Pick<SignedFiles, 'signedFileUrl'>;
  now?: () => Date;
}) {
  const { db, config, storage, accounts, personalisation } = options;
  const now = options.now ?? (() => new Date());
  const publicPages = options.publicPages ?? createPublicPageCache<PublicPage>({ ttlMs: 0 });

  /** A row as its owner's calls answer it; a private message's files at signed addresses, so the owner can play and download them. */
  const toRecording = async (row: RecordingRow): Promise<Recording> => {
    if (row.privacy === 'public' || isWritten(row)) return recordingOf(row, storage);
    const keys = storedFileKeys(row);
    const [audioUrl, imageUrl] = await Promise.all([
      options.signedFiles.signedFileUrl(keys.audioKey),
      options.signedFiles.signedFileUrl(keys.imageKey),
    ]);
    return recordingOf(row, storage, { audioUrl, imageUrl });
  };
  const { publicRow, repliesAllowed, cachedPublicPage, publicPage } = createPublicPages({
    db,
    storage,
    accounts,
    personalisation,
    transcription: options.transcription,
    publicPages,
    now,
  });

  /**
   * A visitor is kept as a keyed hash of their address, never the address itself: it only has
   * to match the same visitor again (their open reservations, their share of the storage cap).
   */
  const visitorKeyOf = createKeyedHash(db, 'visitor-address-salt');

  const linkOf = (row: Pick<RecordingRow, 'id' | 'domain'>) => listenUrl(row, config.publicUrl);

  const reservations = createReservations({
    db,
    config,
    accounts,
    storageQuota: options.storageQuota,
    visitorKeyOf,
    publicRow,
    repliesAllowed,
    now,
  });

  /** The webhook event of a message that has just arrived: the owner's own, a reply, or one from a visitor's form or collection. */
  async function emitUploaded(row: RecordingRow, transaction: Transaction): Promise<boolean> {
    if (!options.webhooks) return false;
    const base = { id: row.id, url: linkOf(row), subject: row.subject, duration: row.duration, platform: row.platform };
    const sender = { name: row.senderName, email: row.email };
    if (row.origin === 'owner') return options.webhooks.emitInTransaction(row.userId, 'message.created', base, transaction);
    if (row.origin === 'reply') {
      return options.webhooks.emitInTransaction(row.userId, 'reply.created', { ...base, replyTo: row.replyToId, sender }, transaction);
    }
    return options.webhooks.emitInTransaction(
      row.userId,
      'contact.received',
      { ...base, via: row.origin, kind: 'voice', sender },
      transaction,
    );
  }

  /** What upload-vocal answers: the listen link, and where the files are for hosts to preview. */
  const uploaded = async (row: RecordingRow): Promise<UploadResponse> => {
    const recording = await toRecording(row);
    return { id: row.id, url: linkOf(row), audioUrl: recording.audioUrl ?? undefined, imageUrl: recording.imageUrl ?? undefined };
  };

  async function ownedRow(userId: number, id: string): Promise<RecordingRow> {
    const [row] = await db
      .select()
      .from(recordings)
      .where(and(eq(recordings.id, id), eq(recordings.userId, userId), ne(recordings.status, 'deleted')));
    // Someone else's recording is "not found" too: its existence is not ours to reveal.
    if (!row) throw notFound('Recording not found');
    return row;
  }

  function requirePart<T extends { length: number } | { bytes: number }>(part: T | null, field: string, maxBytes: number): T {
    if (!part) throw badRequest(`${field}: a file is required`);
    const size = 'bytes' in part ? part.bytes : part.length;
    if (size === 0) throw badRequest(`${field}: the file is empty`);
    if (size > maxBytes) throw payloadTooLarge(`${field}: the file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB`);
    return part;
  }

  /**
   * Makes this upload the only one writing `id`'s files: reserved -> uploading, atomically,
   * in every process. A claim left by a process that died is taken over after a while. The
   * claim's time identifies it: only its holder may complete or release it.
   */
  async function claimUpload(id: string): Promise<Date | null> {
    const stale = new Date(now().getTime() - UPLOAD_CLAIM_TIMEOUT_MS);
    const claimedAt = now();
    const claimed = await db
      .update(recordings)
      .set({ status: 'uploading', uploadClaimedAt: claimedAt })
      .where(
        and(
          eq(recordings.id, id),
          or(eq(recordings.status, 'reserved'), and(eq(recordings.status, 'uploading'), lt(recordings.uploadClaimedAt, stale))),
        ),
      )
      .returning({ id: recordings.id });
    return claimed.length > 0 ? claimedAt : null;
  }

  const holdsClaim = (id: string, claimedAt: Date) =>
    and(eq(recordings.id, id), eq(recordings.status, 'uploading'), eq(recordings.uploadClaimedAt, claimedAt));

  async function releaseUpload(id: string, claimedAt: Date): Promise<void> {
    await db.update(recordings).set({ status: 'reserved', uploadClaimedAt: null }).where(holdsClaim(id, claimedAt));
  }

  /**
   * Waits while another upload holds `id`: its message once it is uploaded, or null when it
   * gave up (the reservation is free again); 409 if it takes too long.
   */
  async function otherUploadOutcome(id: string): Promise<RecordingRow | null> {
    const deadline = now().getTime() + CONCURRENT_UPLOAD_WAIT_MS;
    for (;;) {
      const [current] = await db.select().from(recordings).where(eq(recordings.id, id));
      if (!current || current.status === 'deleted') throw notFound('Recording not found');
      if (current.status === 'uploaded') return current;
      if (current.status === 'reserved') return null;
      // Its holder died: this upload may take the claim over.
      if (current.uploadClaimedAt && now().getTime() - current.uploadClaimedAt.getTime() > UPLOAD_CLAIM_TIMEOUT_MS) return null;
      if (now().getTime() > deadline) {
        throw conflict('This recording is being uploaded by another request. Try again in a minute.');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    toRecording,
    linkOf,
    /** The keyed hash a visitor's address is counted under (their reservations, their share of storage). */
    visitorKey: (clientAddress: string) => visitorKeyOf(clientAddress),

    publicRow,

    ...reservations,

    /**
     * POST upload-vocal. Answers only once both files are stored and the row says
     * uploaded; the same id uploaded again answers the same message, never a second one.
     */
    async upload(target: UploadTarget, parts: UploadParts, clientAddress: string): Promise<UploadResponse> {
      const { row, context, owner, visitor } = target;
      const visitorAddress = visitor ? await visitorKeyOf(clientAddress) : null;
      if (row.status === 'uploaded') return uploaded(row);
      if (visitor && row.origin === 'contact-form' && !context.email) {
        throw badRequest('context.email: your email address is required, so they can answer you');
      }
      if (visitor && row.origin === 'reply' && !(await repliesAllowed(owner.id))) throw forbidden(REPLIES_TURNED_OFF);

      if (!parts.recording) {
        // A second completion of a streamed recording may find its bytes already taken by the first.
        const [current] = await db.select().from(recordings).where(eq(recordings.id, row.id));
        if (current?.status === 'uploaded') return uploaded(current);
      }
      const audio = requirePart(parts.recording, 'recording', config.maxUploadBytes);
      // No picture: the server draws it from the peaks (a recorder that streamed its audio sends none).
      const image = parts.image ? requirePart(parts.image, 'image', MAX_IMAGE_BYTES) : null;
      // The bytes say what the file is; its name and declared type are not trusted. All of
      // them: the length that counts is what the whole file plays.
      const probe = audio.probe !== undefined ? audio.probe : await probeAudioFile(audio.path);
      if (!probe) throw unsupportedMediaType('recording: is not an MP3 file');
      if (probe.problem) throw badRequest(probe.problem);
      if (!probe.decodable) {
        throw unsupportedMediaType(
          `recording: ${probe.format.toUpperCase()} with ${probe.codec.toUpperCase()} audio cannot be converted to MP3 on this server; send MP3, or WebM or MP4 with Opus audio`,
        );
      }
      // Decoded within pixel limits and stored re-encoded (issue 23, finding 7: random bytes behind a
      // PNG header were stored and served as image/png).
      const png = image
        ? await acceptPicture(options.media, image, { field: 'image', output: WAVEFORM_PICTURE })
        : drawWaveformPicture(context.peaks);

      const tooLong = lengthRefusal({ owner, visitor }, probe.durationSeconds);
      if (tooLong) throw tooLong;

      await options.storageQuota.assertRoom(
        owner,
        visitorAddress ? { kind: 'visitor', address: visitorAddress } : { kind: 'owner' },
        audio.bytes + png.bytes.byteLength,
      );
      // Read outside the transaction: PGlite runs one transaction at a time on its connection.
      // A visitor's message is transcribed within the owner's daily budget for visitors.
      const transcriptWanted = await options.transcription.wantsTranscript(owner);
      const overBudget =
        transcriptWanted &&
        visitorAddress !== null &&
        !(await options.visitorTranscripts.allows(owner.id, visitorAddress, probe.durationSeconds));
      const wantsTranscript = transcriptWanted && !overBudget;
      const notification =
        visitor &&
        (row.origin === 'reply' || row.origin === 'contact-form' || row.origin === 'collect') &&
        (await options.notifications.wants(owner.id))
          ? ({ event: row.origin, recordingId: row.id } as const)
          : null;

      let emitted = false;

      // One upload of an id at a time writes its files, so the row and the files agree.
      let claimedAt: Date | null;
      while (!(claimedAt = await claimUpload(row.id))) {
        const winner = await otherUploadOutcome(row.id);
        if (winner) return uploaded(winner);
      }
      // WebM and MP4 are stored and played as they are until a job re-encodes them to MP3.
      const audioKey = `${row.id}.${AUDIO_EXTENSIONS[probe.format]}`;
      const imageKey = `${row.id}.png`;
      const removeFiles = () => Promise.allSettled([storage.delete(audioKey), storage.delete(imageKey)]);
      try {
        await Promise.all([
          putFromFile(storage, audioKey, audio.path, AUDIO_CONTENT_TYPES[probe.format]),
          storage.put(imageKey, png.bytes, 'image/png'),
        ]);
      } catch (error) {
        await removeFiles();
        await releaseUpload(row.id, claimedAt);
        throw error;
      }
      const updated = await db
        .transaction(async (transaction) => {
          const [changed] = await transaction
            .update(recordings)
            .set({
              status: 'uploaded',
              platform: context.platform,
              uploadDate: now(),
              duration: probe.durationSeconds,
              peaks: context.peaks,
              subject: context.subject ?? null,
              ...(visitor
                ? { email: context.email ?? null, senderName: context.name || null, senderUserId: target.sender?.id ?? null }
                : {}),
              // A custom domain is Pro's: links made while the owner is Pro carry it.
              domain: linkDomainOf(owner),
              audioKey,
              imageKey,
              imageWidth: png.width,
              imageHeight: png.height,
              audioBytes: audio.bytes,
              imageBytes: png.bytes.byteLength,
              ...(overBudget ? { transcriptionStatus: 'error' as const, transcriptionError: VISITOR_BUDGET_SPENT } : {}),
              uploadClaimedAt: null,
              visitorAddress,
            })
            .where(holdsClaim(row.id, claimedAt))
            .returning();
          if (!changed) return null;
          // Queued with the row, so a crash cannot leave a message without its jobs.
          if (wantsTranscript) await options.transcription.queueInTransaction(changed.id, transaction, visitor);
          if (probe.format !== 'mp3') await options.audio.queueReencodeInTransaction(changed.id, transaction);
          if (notification) await options.notifications.queueInTransaction(notification, transaction);
          emitted = await emitUploaded(changed, transaction);
          return changed;
        })
        .catch(async (error: unknown) => {
          // Files nobody's row points at must not stay public.
          await removeFiles();
          await releaseUpload(row.id, claimedAt);
          throw error;
        });
      if (updated && (wantsTranscript || probe.format !== 'mp3' || notification || emitted)) options.wakeJobs();
      if (updated) return uploaded(updated);
      // The claim was lost: the message was deleted meanwhile, or our claim went stale and
      // another upload took it over (and wrote these same keys, so they stay).
      const [current] = await db.select().from(recordings).where(eq(recordings.id, row.id));
      if (current?.status === 'uploaded') return uploaded(current);
      await removeFiles();
      throw notFound('Recording not found');
    },

    /** GET replies/{id}: the voice replies to one of the owner's messages, oldest first. */
    async replies(userId: number, id: string): Promise<Recording[]> {
      await ownedRow(userId, id);
      const rows = await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.replyToId, id), eq(recordings.userId, userId), eq(recordings.status, 'uploaded')))
        .orderBy(asc(recordings.uploadDate), asc(recordings.createdAt));
      return Promise.all(rows.map(toRecording));
    },

    /** GET audio: the owner's messages, newest upload first. */
    async list(userId: number): Promise<Recording[]> {
      const rows = await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.userId, userId), eq(recordings.status, 'uploaded')))
        .orderBy(desc(recordings.uploadDate), desc(recordings.createdAt));
      return Promise.all(rows.map(toRecording));
    },

    async get(userId: number, id: string): Promise<Recording> {
      return toRecording(await ownedRow(userId, id));
    },

    /** POST edit/{id}: the subject, the expiry date and who may listen (decisions 0074 and 0075). */
    async edit(user: Pick<UserRow, 'id' | 'plan' | 'teamOwnerId'>, id: string, edit: EditRecording): Promise<Recording> {
      const userId = user.id;
      const current = await ownedRow(userId, id);
      // An expired message stays expired: its files are deleted (or about to be), so a new
      // date would only bring back a listen page whose audio is gone.
      const expired = current.filesDeletedAt !== null || (current.expiryDate !== null && current.expiryDate.getTime() <= now().getTime());
      if (edit.expiryDate !== undefined && expired) {
        throw gone('This voice message has expired and its audio was deleted, so its expiry date can no longer change');
      }
      const changes: Partial<typeof recordings.$inferInsert> = {};
      if (edit.subject !== undefined) changes.subject = edit.subject || null;
      if (edit.expiryDate !== undefined) changes.expiryDate = edit.expiryDate ? new Date(edit.expiryDate) : null;
      // Only the hash is kept; a new password (or none) also ends every unlock token made for the old one.
      if (edit.privacy === 'public') Object.assign(changes, { privacy: 'public', passwordHash: null });
      if (edit.privacy === 'password' && edit.password !== undefined) {
        if (isWritten(current)) throw badRequest('A written message has no link to protect');
        Object.assign(changes, { privacy: 'password', passwordHash: await hashPassword(edit.password, config.scryptCost) });
      }
      if (edit.privacy === 'team') {
        if (isWritten(current)) throw badRequest('A written message has no link to keep to your team');
        if (!hasTeam(user)) throw badRequest(NO_TEAM);
        Object.assign(changes, { privacy: 'team', passwordHash: null });
      }
      if (Object.keys(changes).length === 0) return toRecording(await ownedRow(userId, id));
      // Made private (or given a new password): its files move to new names nobody can guess.
      const moved = changes.privacy === 'password' || changes.privacy === 'team' ? await copyToPrivateKeys(storage, current) : null;
      const [row] = await db
        .update(recordings)
        .set({ ...changes, ...moved?.keys })
        // Unless a re-encode replaced its audio since it was read: moving the old file would bring it back.
        .where(and(eq(recordings.id, id), eq(recordings.userId, userId), moved ? sameAudioKey(current) : undefined))
        .returning()
        .catch(async (error: unknown) => {
          await moved?.discard();
          throw error;
        });
      if (!row) {
        await moved?.discard();
        if (moved) throw conflict("This message's audio changed while you saved; please try again");
        throw notFound('Recording not found');
      }
      await moved?.removeOld();
      return toRecording(row);
    },

    /** DELETE /delete/{id}: the recording and its replies at once, their files through the queue. */
    async remove(userId: number, id: string): Promise<void> {
      await options.deletion.deleteRecording(userId, id);
    },

    /** GET view-vocal/{id}: what anyone with the link may see (spec section 3). */
    async publicPayload(id: string): Promise<PublicListenPayload> {
      return (await publicPage(id)).payload;
    },

    publicPage,

    /** The public page with its serialised payload, ETag, owner and origin: what the listen path serves. */
    cachedPublicPage,
  };
}

/** The row still has the audio it had when read. */
const sameAudioKey = ({ audioKey }: Pick<RecordingRow, 'audioKey'>) =>
  audioKey === null ? isNull(recordings.audioKey) : eq(recordings.audioKey, audioKey);

export type RecordingService = ReturnType<typeof createRecordingService>;
