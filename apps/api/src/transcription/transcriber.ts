import type { Transcription } from '@vocal/settings-model';

export type TranscriberName = 'openai' | 'local';

export type TranscriptionRequest = {
  /** The stored recording: MP3, or WebM/MP4 with Opus before its re-encoding. */
  audio: Uint8Array;
  contentType: string;
  /** Seconds, as stored for the recording: every timing is kept inside it. */
  durationSeconds: number;
  /** Aborted at shutdown or when the job's lease is lost. */
  signal: AbortSignal;
};

/**
 * What an engine heard: the spec's segments and sentences, and how sure the engine was of the
 * words, from 0 to 1 (null when it does not say: an API format without log-probabilities).
 */
export type TranscriptResult = { transcription: Transcription; confidence: number | null };

/** One speech-to-text engine, mapped to the spec's segments and sentences. */
export interface Transcriber {
  readonly name: TranscriberName;
  transcribe(request: TranscriptionRequest): Promise<TranscriptResult>;
}
