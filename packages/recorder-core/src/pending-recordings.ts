import type { Platform } from '@vocal/settings-model';
import { createIndexedDbSpool } from './indexed-db-spool.ts';
import { peaksFromEnvelope } from './peaks.ts';
import type { RestoredRecording } from './recorder.ts';
import type { RecordingSpool } from './spool.ts';

/** A recording on this device that has not reached the server. */
export type PendingRecording = {
  localId: string;
  /** The reserved id it will be uploaded under, when one was reserved. */
  recordingId: string | null;
  platform: Platform;
  subject: string | null;
  durationSeconds: number;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
  /** The page closed or crashed while it was still recording: it holds what was said until then. */
  interrupted: boolean;
  /** Another open tab is recording or uploading it right now. */
  inUse: boolean;
  lastError: string | null;
};

/** Lists what the spool holds, oldest first; `inUse` names the recordings another page holds. */
export async function listPendingFrom(spool: RecordingSpool, heldIds: ReadonlySet<string>): Promise<PendingRecording[]> {
  const recordings = await spool.list();
  return recordings
    .filter((recording) => recording.sampleCount > 0)
    .map((recording) => ({
      localId: recording.localId,
      recordingId: recording.recordingId,
      platform: recording.platform,
      subject: recording.subject,
      durationSeconds: recording.sampleRate > 0 ? recording.sampleCount / recording.sampleRate : 0,
      createdAt: recording.createdAt,
      updatedAt: recording.updatedAt,
      interrupted: recording.status === 'recording',
      inUse: heldIds.has(recording.localId),
      lastError: recording.lastError,
    }));
}

/**
 * Rebuilds a spooled recording: its MP3 from the chunks in order, its peaks from their
 * envelopes, its length from their samples. An interrupted one is marked stopped: it ends where
 * the last chunk did.
 */
export async function loadSpooledRecording(spool: RecordingSpool, localId: string): Promise<RestoredRecording | null> {
  const recording = await spool.get(localId);
  if (!recording) return null;
  const message = await readSpooledMessage(spool, localId, recording.sampleRate);
  if (recording.status !== 'stopped') await spool.update(localId, { status: 'stopped' });
  return {
    recording: message,
    recordingId: recording.recordingId,
    platform: recording.platform,
    subject: recording.subject,
    conversation: recording.conversation ?? null,
    uploadBegun: recording.uploadBegun ?? false,
  };
}

/** The audio, length and peaks of a spooled recording, read only: nothing in the spool changes. */
async function readSpooledMessage(spool: RecordingSpool, localId: string, sampleRate: number): Promise<RestoredRecording['recording']> {
  const chunks = await spool.chunks(localId);
  const sampleCount = chunks.reduce((total, chunk) => total + chunk.sampleCount, 0);
  return {
    localId,
    audio: new Blob(
      chunks.map((chunk) => chunk.bytes as Uint8Array<ArrayBuffer>),
      { type: 'audio/mpeg' },
    ),
    durationSeconds: sampleRate > 0 ? sampleCount / sampleRate : 0,
    peaks: peaksFromEnvelope(chunks.flatMap((chunk) => chunk.envelope)),
  };
}

/**
 * A pending recording's audio, to listen to before sending or discarding it. Read only: the
 * recording stays pending (and stays marked as cut short) until it is sent or discarded.
 */
export async function pendingRecordingAudio(
  localId: string,
  options: { spool?: RecordingSpool } = {},
): Promise<RestoredRecording['recording'] | null> {
  const spool = options.spool ?? createIndexedDbSpool();
  const recording = await spool.get(localId);
  if (!recording) return null;
  return readSpooledMessage(spool, localId, recording.sampleRate);
}
