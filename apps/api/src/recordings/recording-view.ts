import { recordingSchema, type Recording } from '@vocal/settings-model';
import type { recordings } from '../db/schema.ts';
import type { Storage } from '../storage/storage.ts';

export type RecordingRow = typeof recordings.$inferSelect;

/** A written contact-form message: no audio, no picture, nothing for anyone else to open. */
export const isWritten = (row: Pick<RecordingRow, 'audioKey' | 'message'>) => row.audioKey === null && row.message !== null;

/** A recording row as its owner's calls answer it: its files' public addresses, none for a written message. */
export function recordingOf(row: RecordingRow, storage: Pick<Storage, 'publicUrl'>): Recording {
  const written = isWritten(row);
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
    audioUrl: written ? null : storage.publicUrl(row.audioKey ?? `${row.id}.mp3`),
    imageUrl: written ? null : storage.publicUrl(row.imageKey ?? `${row.id}.png`),
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
