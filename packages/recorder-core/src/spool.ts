import type { ConversationKey, Platform } from '@vocal/settings-model';

/** What the spool knows about one recording, besides its audio. */
export type SpooledRecording = {
  localId: string;
  /** The id reserved with get-vocal, once known: every retry uploads under it. */
  recordingId: string | null;
  platform: Platform;
  subject: string | null;
  /** Where in the host it was recorded, sent again with a new reservation (recorder.ts); absent in older spools. */
  conversation?: ConversationKey | null;
  /** 'recording' while capture runs; one still 'recording' on a later page load was interrupted. */
  status: 'recording' | 'stopped';
  sampleRate: number;
  /** PCM samples the spooled MP3 bytes encode: the duration is sampleCount / sampleRate. */
  sampleCount: number;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
  /** The last upload failure, for a list of pending recordings. */
  lastError: string | null;
  /** A progressive upload into recordingId was created on the server: a resume asks it what arrived. */
  uploadBegun?: boolean;
};

/** A batch of MP3 bytes, about a second of audio, with the envelope its peaks come from. */
export type SpooledChunk = {
  localId: string;
  /** Order within the recording, from 0. */
  sequence: number;
  bytes: Uint8Array;
  envelope: number[];
  sampleCount: number;
};

/**
 * Durable storage for recordings that are not uploaded yet, so no message is lost to a failed
 * upload, a closed tab or a crash. The recorder writes to it while capturing and removes an
 * entry only once the server has the message.
 */
export type RecordingSpool = {
  create(recording: SpooledRecording): Promise<void>;
  update(localId: string, patch: Partial<Omit<SpooledRecording, 'localId'>>): Promise<void>;
  /** Adds a chunk and its samples to the recording's sampleCount, atomically. */
  appendChunk(chunk: SpooledChunk): Promise<void>;
  get(localId: string): Promise<SpooledRecording | null>;
  list(): Promise<SpooledRecording[]>;
  /** The recording's chunks in order. */
  chunks(localId: string): Promise<SpooledChunk[]>;
  remove(localId: string): Promise<void>;
};
