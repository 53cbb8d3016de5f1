import { recordingSchema, type Recording } from '@vocal/settings-model';
import type { recordings } from '../db/schema.ts';
import type { Storage } from '../storage/storage.ts';
import { storedFileKeys } from './recording-file-keys.ts';

export type RecordingRow = typeof recordings.$inferSelect;

/** A written contact-form message: no audio, no picture, nothing for anyone else to open. */
export const isWritten = (row: Pick<RecordingRow, 'audioKey' | 'message'>) => row.audioKey === null && row.message !== null;

/**
 * A recording row as its owner's calls answer it: its files' addresses (`fileUrl`: the public
 * ones unless told otherwise), none for a written message.
 */
export function recordingOf(
  row: RecordingRow,
  storage: Pick<Storage, 'publicUrl'>,
  files: { audioUrl: string; imageUrl: string } | null = null,
): Recording {
  const written = isWritten(row);
  const keys = storedFileKeys(row);
  return recordingSchema.parse({
    id: row.id,
    isReply: row.isReply,
    folderId: row.folderId,
    email: row.email,
    subject: row.subject,
    uploaded: row.status === 'uploaded',
    uploadDate: (row.uploadDate ?? row.createdAt).toISOString(),
    expiryDate: row.expiryDate?.toISOString() ?? null,
    peaks: row.peaks,
    views: row.views,
    duration: row.duration,
    audioUrl: written ? null : (files?.audioUrl ?? storage.publicUrl(keys.audioKey)),
    imageUrl: written ? null : (files?.imageUrl ?? storage.publicUrl(keys.imageKey)),
    summary: row.summary,
    transcription: row.transcription,
    transcriptionStatus: row.transcriptionStatus,
    domain: row.domain,
    platform: row.platform,
    origin: row.origin,
    replyTo: row.replyToId,
    senderName: row.senderName,
    message: row.message,
    privacy: row.privacy,
  });
}
