import type { ApiClient, ApiResult } from '@vocal/api-client';
import { RETRY_STATUS_CODES, uploadContextSchema, type ConversationKey, type Platform, type UploadResponse } from '@vocal/settings-model';
import { FAILURE_MESSAGES } from './failure-messages.ts';

/**
 * The calls the recorder makes. A visitor flow (contact form) passes an object whose getVocal
 * calls get-vocal-free and whose uploadVocal uploads without a token.
 */
export type RecorderApi = Pick<ApiClient, 'getVocal' | 'uploadVocal'> &
  Partial<Pick<ApiClient, 'deleteRecording' | 'editRecording' | 'progressiveUploads'>>;

/**
 * How the audio of a reserved id was sent before upload-vocal: all of it arrived over tus
 * (upload-vocal then carries no recording part), the server refused it there (the whole file
 * goes with upload-vocal, whose answer says why), it could not get through (retry later), or
 * there is no progressive path ('skip': the whole file goes with upload-vocal).
 */
export type AudioSent = 'arrived' | 'refused' | 'unreachable' | 'skip';

/**
 * The audio on its way: `finishing` when only the last pieces of a stream that ran while
 * recording are left, so upload-vocal may go beside them (the server waits for them).
 */
export type AudioSending = { finishing: boolean; sent: Promise<AudioSent> };

export type UploadOutcome =
  | { kind: 'shared'; share: UploadResponse }
  /** Worth trying again later: the server was unreachable or had a passing problem. */
  | { kind: 'retry'; reason: 'offline' | 'server-error'; message: string; status: number }
  /** The server said no, and will say it again: its own message explains why. */
  | { kind: 'refused'; message: string; status: number };

export type UploadInput = {
  api: RecorderApi;
  platform: Platform;
  subject: string | null;
  /** Where in the host it was recorded: sent with a reservation made here. */
  conversation?: ConversationKey | null;
  /** The id reserved earlier, if any: reused so a repeat never makes a second message. */
  recordingId: string | null;
  audio: Blob;
  /** The waveform picture, drawn only when the whole file is sent (else the server draws it). */
  drawImage(): Promise<Blob>;
  /** Whether the server may draw the picture from the peaks (the default look) when the audio arrived beforehand. */
  pictureFromPeaks?: boolean;
  durationSeconds: number;
  peaks: number[];
  /** Told each newly reserved id before it is used, so it outlives a crash (the spool). */
  onReserved(recordingId: string): Promise<void> | void;
  /** Sends the audio ahead of upload-vocal, progressively (recorder.ts); absent: it goes with upload-vocal. */
  sendAudio?(recordingId: string): AudioSending;
};

const retryableStatuses: ReadonlySet<number> = new Set(RETRY_STATUS_CODES);

/** Whether an answer may change on its own: unreachable, timeouts, rate limits, server errors. */
export function isRetryable(status: number): boolean {
  return status === 0 || status >= 500 || retryableStatuses.has(status);
}

function outcomeOf(result: Extract<ApiResult<unknown>, { ok: false }>): UploadOutcome {
  if (result.status === 0) return { kind: 'retry', reason: 'offline', message: FAILURE_MESSAGES.offline, status: 0 };
  if (isRetryable(result.status)) {
    return { kind: 'retry', reason: 'server-error', message: FAILURE_MESSAGES['server-error'], status: result.status };
  }
  return { kind: 'refused', message: result.error.msg || FAILURE_MESSAGES['upload-refused'], status: result.status };
}

/**
 * One upload attempt: reserve an id if there is none (get-vocal), then upload-vocal under it.
 * The server answers a repeated upload of an id with the same {id, url}. A 404 means the
 * reservation is gone (expired, deleted): a new id is reserved once and the upload repeated.
 */
export async function uploadRecording(input: UploadInput): Promise<UploadOutcome> {
  const reserve = async (): Promise<string | UploadOutcome> => {
    const reserved = await input.api.getVocal(input.platform, input.conversation ?? undefined);
    if (!reserved.ok) return outcomeOf(reserved);
    await input.onReserved(reserved.data.id);
    return reserved.data.id;
  };

  let recordingId = input.recordingId;
  if (!recordingId) {
    const reserved = await reserve();
    if (typeof reserved !== 'string') return reserved;
    recordingId = reserved;
  }

  let reservedAgain = false;
  for (;;) {
    // Checked against the server's own schema first: a context it would refuse is refused here,
    // without a request, and never retried.
    const context = uploadContextSchema.safeParse({
      id: recordingId,
      platform: input.platform,
      duration: Math.max(0.001, Math.round(input.durationSeconds * 1000) / 1000),
      peaks: input.peaks,
      ...(input.subject ? { subject: input.subject } : {}),
    });
    if (!context.success) {
      const issue = context.error.issues[0];
      const detail = issue ? `${issue.path.join('.') || 'context'}: ${issue.message}` : 'invalid context';
      return { kind: 'refused', status: 0, message: `This message cannot be sent (${detail}).` };
    }
    const send = async (recording: Blob | null) => {
      let image: Blob | null = null;
      if (recording || !input.pictureFromPeaks) {
        try {
          image = await input.drawImage();
        } catch (error) {
          const detail = error instanceof Error ? error.message : String(error);
          return { kind: 'refused', status: 0, message: `The waveform image could not be drawn (${detail}).` } as const;
        }
      }
      return input.api.uploadVocal({ recording, image, context: context.data });
    };
    const offline = { kind: 'retry', reason: 'offline', message: FAILURE_MESSAGES.offline, status: 0 } as const;
    const sending = input.sendAudio?.(recordingId) ?? { finishing: false, sent: Promise.resolve<AudioSent>('skip') };
    let sent: AudioSent;
    let result: Awaited<ReturnType<typeof send>>;
    if (sending.finishing) {
      // Only the last pieces are left: upload-vocal goes beside them, and the server waits for them.
      [sent, result] = await Promise.all([sending.sent, send(null)]);
      if ('ok' in result && !result.ok && sent === 'unreachable') return offline;
    } else {
      sent = await sending.sent;
      if (sent === 'unreachable') return offline;
      // All of it arrived while it was recorded: the context alone (the server draws the default picture).
      result = await send(sent === 'arrived' ? null : input.audio);
    }
    // Refused while it streamed (the whole file's answer says why), or the server no longer has
    // what arrived (swept, or another server's disk): the whole file, once.
    const sentWhole = !sending.finishing && sent !== 'arrived';
    if ('ok' in result && !result.ok && !sentWhole && (sent === 'refused' || result.status === 400)) result = await send(input.audio);
    if (!('ok' in result)) return result;
    if (result.ok) return { kind: 'shared', share: result.data };
    if (result.status === 404 && !reservedAgain) {
      reservedAgain = true;
      const reserved = await reserve();
      if (typeof reserved !== 'string') return reserved;
      recordingId = reserved;
      continue;
    }
    return outcomeOf(result);
  }
}

export type RetryPolicy = {
  /** Delay before the first retry. */
  initialDelayMs: number;
  /** Delays double up to this. */
  maxDelayMs: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = { initialDelayMs: 2_000, maxDelayMs: 60_000 };

/**
 * Milliseconds to wait after the `failures`-th failed attempt in a row: 2 s, 4 s, 8 s, ... up
 * to a minute, retried for as long as the page is open. `jitter` (0..1) spreads the retries of
 * many clients after an outage; it only ever shortens the wait, by at most a fifth.
 */
export function retryDelay(failures: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY, jitter = 0): number {
  const exponent = Math.max(0, failures - 1);
  const delay = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.min(exponent, 30));
  return Math.round(delay * (1 - 0.2 * Math.min(1, Math.max(0, jitter))));
}
