import type { UploadResponse } from '@vocal/settings-model';
import { FAILURE_MESSAGES, type FailureReason } from './failure-messages.ts';
import type { RecordingPlan } from './plan-rules.ts';

/** A finished recording, ready to be uploaded: the MP3, its length and its waveform. */
export type RecordedMessage = {
  /** The spool's key for this recording on this device. */
  localId: string;
  /** MP3, mono. */
  audio: Blob;
  durationSeconds: number;
  /** One number in 0..1 per bar. */
  peaks: number[];
};

/** Why capture is ending: the user, the plan's length limit, or a microphone that went away. */
export type StopCause = 'user' | 'limit' | 'device-lost';

export type CaptureProgress = {
  /** Seconds of audio captured so far, pauses excluded. */
  elapsedSeconds: number;
  /** Seconds left under the plan's limit; null when the plan has none. */
  remainingSeconds: number | null;
  /** Set once capture is ending and the encoder is flushing its last frames. */
  stopping: StopCause | null;
};

export type RecorderState =
  | { status: 'idle' }
  | { status: 'asking-permission' }
  | ({ status: 'recording' } & CaptureProgress)
  | ({ status: 'paused' } & CaptureProgress)
  | { status: 'stopped'; recording: RecordedMessage; endedBy: 'user' | 'limit' | 'restored' }
  | { status: 'uploading'; recording: RecordedMessage; attempt: number }
  | { status: 'shared'; recording: RecordedMessage; share: UploadResponse }
  | {
      status: 'failed';
      reason: FailureReason;
      /** What to tell the user: the reason's sentence, or the server's own message. */
      message: string;
      /** What was recorded, when anything was: it can still be uploaded. */
      recording: RecordedMessage | null;
      /** When the next automatic upload attempt runs (epoch ms); null when none is planned. */
      retryAt: number | null;
    };

export type RecorderStatus = RecorderState['status'];

export type RecorderEvent =
  | { type: 'start' }
  | { type: 'permission-granted' }
  | { type: 'capture-failed'; reason: FailureReason }
  | { type: 'progress'; elapsedSeconds: number }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stop' }
  | { type: 'limit-reached' }
  | { type: 'device-lost' }
  | { type: 'finished'; recording: RecordedMessage }
  | { type: 'encoder-failed'; recording: RecordedMessage | null }
  | { type: 'restore'; recording: RecordedMessage }
  /** `attempt` counts automatic retries of the same upload; a new upload starts at 1. */
  | { type: 'upload'; attempt?: number }
  | { type: 'upload-succeeded'; share: UploadResponse }
  | { type: 'upload-failed'; reason: FailureReason; message?: string; retryAt: number | null }
  | { type: 'discard' };

/** Shorter than this is not a message: the server needs a few MP3 frames, the listener a word. */
export const MIN_RECORDING_SECONDS = 0.25;

export const idleState: RecorderState = { status: 'idle' };

const remaining = (plan: RecordingPlan, elapsedSeconds: number) =>
  plan.maxRecordingSeconds === null ? null : Math.max(0, plan.maxRecordingSeconds - elapsedSeconds);

const failed = (
  reason: FailureReason,
  recording: RecordedMessage | null,
  options: { message?: string; retryAt?: number | null } = {},
): RecorderState => ({
  status: 'failed',
  reason,
  message: options.message ?? FAILURE_MESSAGES[reason],
  recording,
  retryAt: options.retryAt ?? null,
});

/** The recording a state holds, if any. */
export function recordingOf(state: RecorderState): RecordedMessage | null {
  return 'recording' in state ? state.recording : null;
}

/**
 * The rules of the recorder, without side effects: the next state for an event. An event the
 * current state does not accept answers the very same state object, so the effects layer can
 * tell a refusal (pause on Free, stop when idle) from a change.
 */
export function transition(state: RecorderState, event: RecorderEvent, plan: RecordingPlan): RecorderState {
  switch (event.type) {
    case 'start':
      if (state.status === 'idle' || state.status === 'shared') return { status: 'asking-permission' };
      if (state.status === 'failed' && state.recording === null) return { status: 'asking-permission' };
      return state;

    case 'permission-granted':
      if (state.status !== 'asking-permission') return state;
      return { status: 'recording', elapsedSeconds: 0, remainingSeconds: remaining(plan, 0), stopping: null };

    case 'capture-failed':
      return state.status === 'asking-permission' ? failed(event.reason, null) : state;

    case 'progress': {
      if (state.status !== 'recording' && state.status !== 'paused') return state;
      const elapsedSeconds = Math.max(state.elapsedSeconds, event.elapsedSeconds);
      const limit = plan.maxRecordingSeconds;
      const overLimit = limit !== null && elapsedSeconds >= limit;
      return {
        ...state,
        elapsedSeconds: limit === null ? elapsedSeconds : Math.min(elapsedSeconds, limit),
        remainingSeconds: remaining(plan, elapsedSeconds),
        stopping: state.stopping ?? (overLimit ? 'limit' : null),
      };
    }

    case 'pause':
      if (state.status !== 'recording' || state.stopping || !plan.pausing) return state;
      return { ...state, status: 'paused' };

    case 'resume':
      if (state.status !== 'paused' || state.stopping) return state;
      return { ...state, status: 'recording' };

    case 'stop':
    case 'limit-reached':
    case 'device-lost': {
      if (state.status !== 'recording' && state.status !== 'paused') return state;
      if (state.stopping) return state;
      const cause: StopCause = event.type === 'stop' ? 'user' : event.type === 'limit-reached' ? 'limit' : 'device-lost';
      return { ...state, stopping: cause };
    }

    case 'finished': {
      if (state.status !== 'recording' && state.status !== 'paused') return state;
      const cause = state.stopping ?? 'user';
      if (event.recording.durationSeconds < MIN_RECORDING_SECONDS) return failed('empty-recording', null);
      if (cause === 'device-lost') return failed('device-lost', event.recording);
      return { status: 'stopped', recording: event.recording, endedBy: cause };
    }

    case 'encoder-failed': {
      if (state.status !== 'recording' && state.status !== 'paused') return state;
      const kept = event.recording && event.recording.durationSeconds >= MIN_RECORDING_SECONDS ? event.recording : null;
      return failed('encoder-failed', kept);
    }

    case 'restore':
      return state.status === 'idle' ? { status: 'stopped', recording: event.recording, endedBy: 'restored' } : state;

    case 'upload': {
      const attempt = event.attempt ?? 1;
      if (state.status === 'stopped') return { status: 'uploading', recording: state.recording, attempt };
      if (state.status === 'failed' && state.recording) return { status: 'uploading', recording: state.recording, attempt };
      return state;
    }

    case 'upload-succeeded':
      return state.status === 'uploading' ? { status: 'shared', recording: state.recording, share: event.share } : state;

    case 'upload-failed':
      if (state.status !== 'uploading') return state;
      return failed(event.reason, state.recording, { message: event.message, retryAt: event.retryAt });

    case 'discard':
      return state.status === 'idle' ? state : idleState;
  }
}
