import type { Tokens } from '@vocal/settings-model';
import type { RecordingPlan } from '../../src/index.ts';

/** A recorder state as the test sees it: plain data, no Blobs. */
export type StateSummary = {
  status: string;
  endedBy: string | null;
  elapsedSeconds: number | null;
  remainingSeconds: number | null;
  reason: string | null;
  message: string | null;
  durationSeconds: number | null;
  peaks: number[] | null;
  share: { id: string; url: string } | null;
  retryAt: number | null;
};

export type PendingSummary = { localId: string; recordingId: string | null; durationSeconds: number; interrupted: boolean; inUse: boolean };

/** What the harness page puts on `window.harness` for the browser tests to drive. */
export type HarnessApi = {
  signIn(tokens: Tokens): void;
  /** What a record screen does on opening: fetches the recorder's assets into memory. */
  warm(): Promise<void>;
  /** A user's plan number, or plan rules of the test's own (a short limit). */
  create(options: { plan: number | RecordingPlan }): void;
  start(): Promise<StateSummary>;
  state(): StateSummary;
  /** Every status the recorder went through, in order. */
  statuses(): string[];
  /** Level values received so far. */
  levels(): number[];
  stop(): Promise<StateSummary>;
  upload(): Promise<StateSummary>;
  /** The stopped recording's MP3, base64. */
  audioBase64(): Promise<string>;
  /** The waveform PNG the upload sends, base64. */
  imageBase64(): Promise<string>;
  /** Unplugs the microphone of the current recording. */
  loseDevice(): void;
  listPending(): Promise<PendingSummary[]>;
  resume(localId: string): Promise<StateSummary>;
};

declare global {
  interface Window {
    harness: HarnessApi;
  }
}
