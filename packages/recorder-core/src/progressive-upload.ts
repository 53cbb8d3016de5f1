import { Upload, type DetailedError } from 'tus-js-client';
import type { ProgressiveUploadTarget } from '@vocal/api-client';
import { liveRecording, PROGRESSIVE_MAX_PATCH_BYTES } from './live-recording.ts';

/**
 * While the person records, a failed PATCH is tried again for about two minutes (the network
 * may come back before they stop): soon at first, then every two seconds, so a connection that
 * returns is used within two seconds.
 */
const RECORDING_RETRY_DELAYS = [0, 500, 1_000, ...Array.from({ length: 60 }, () => 2_000)];
/** Once stopped, or when resuming a stopped recording, a failure is handed back at once: the recorder's own backoff and the browser's online event take over. */
const STOPPED_RETRY_DELAYS = [0, 500];

/** How a progressive upload ended: every byte arrived; the server refused it (4xx); or it could not get through. */
export type ProgressiveOutcome = 'arrived' | 'refused' | 'unreachable';

/** The MP3 sent while it is recorded: push each chunk as the encoder makes it, end at Stop. */
export type ProgressiveStream = {
  push(bytes: Uint8Array): void;
  /** No more bytes: resolves once all arrived (the length declared), or once it gave up. */
  end(): Promise<ProgressiveOutcome>;
  /** Abandons it; `terminate` also removes what arrived from the server. */
  abort(terminate: boolean): void;
  /** Whether it has already given up (its outcome is then known before end). */
  readonly settled: boolean;
};

/** What the recorder reaches for progressive uploads; the browser's is tus-js-client (below). */
export type ProgressiveUploader = {
  /** `onBegun`: the server has created the upload, so a later resume can ask it what arrived. */
  stream(target: ProgressiveUploadTarget, recordingId: string, onBegun: () => void): ProgressiveStream;
  /**
   * Sends what has not arrived of a finished recording: when an upload was `begun`, asks the
   * server how much did (HEAD) and sends the rest; else creates it and sends it all.
   */
  resume(target: ProgressiveUploadTarget, recordingId: string, audio: Blob, begun: boolean): Promise<ProgressiveOutcome>;
};

/** tus-js-client resolves the Location it is given against the endpoint, which must then be a whole URL. */
const absolute = (url: string) => (typeof location === 'undefined' ? url : new URL(url, location.href).href);
const uploadUrlOf = (target: ProgressiveUploadTarget, recordingId: string) =>
  `${absolute(target.endpoint)}/${encodeURIComponent(recordingId)}`;

const statusOf = (error: Error | DetailedError) => ('originalResponse' in error ? (error.originalResponse?.getStatus() ?? 0) : 0);

function outcomeOfError(error: Error | DetailedError): ProgressiveOutcome {
  const status = statusOf(error);
  return status >= 400 && status < 500 && status !== 408 && status !== 409 && status !== 423 && status !== 429 ? 'refused' : 'unreachable';
}

/** A refusal is final; anything else (no answer, 5xx, 409 offset, 429) is worth trying again. */
const worthRetrying = (error: DetailedError) => outcomeOfError(error) !== 'refused';

/** At most this many 401s in a row are answered by renewing the session and trying again. */
const MAX_RENEWALS = 2;

/**
 * A 401 means the access token expired while the person spoke (it lives minutes; a recording may
 * last longer): the session is renewed, as for any other call, and the request tried again with
 * the new token, which onBeforeRequest reads. Answers whether to try again.
 */
function renewingOn401(target: ProgressiveUploadTarget) {
  let renewals = 0;
  return {
    renewed: (error: DetailedError) => {
      if (statusOf(error) !== 401 || renewals >= MAX_RENEWALS) return false;
      renewals++;
      void target.refresh();
      return true;
    },
    reset: () => (renewals = 0),
  };
}

function uploadOptions(target: ProgressiveUploadTarget, recordingId: string, begun: boolean) {
  return {
    endpoint: absolute(target.endpoint),
    // The upload's address is the reservation's id: once begun, HEAD there asks what arrived. Not
    // before: a HEAD answered 404 is logged in the console as an error (a 404 still creates it).
    uploadUrl: begun ? uploadUrlOf(target, recordingId) : null,
    metadata: { recordingId },
    uploadLengthDeferred: true,
    storeFingerprintForResuming: false,
    // Fresh before every request: the access token may be refreshed while the person speaks.
    onBeforeRequest: async (request: { setHeader(name: string, value: string): void }) => {
      for (const [name, value] of Object.entries(await target.headers())) request.setHeader(name, value);
    },
  };
}

/** Progressive uploads over tus 1.0 with tus-js-client. */
export const tusUploader: ProgressiveUploader = {
  stream(target, recordingId, onBegun) {
    const recording = liveRecording();
    let stopped = false;
    let outcome: ProgressiveOutcome | null = null;
    let settle: (value: ProgressiveOutcome) => void = () => undefined;
    const finished = new Promise<ProgressiveOutcome>((resolve) => {
      settle = (value) => {
        outcome ??= value;
        resolve(outcome);
      };
    });
    const renewal = renewingOn401(target);
    // The input is not read: fileReader hands tus-js-client the live recording instead.
    const upload = new Upload(new Blob(), {
      ...uploadOptions(target, recordingId, false),
      fileReader: { openFile: async () => recording.source },
      onUploadUrlAvailable: onBegun,
      chunkSize: PROGRESSIVE_MAX_PATCH_BYTES,
      retryDelays: RECORDING_RETRY_DELAYS,
      onChunkComplete: renewal.reset,
      // After Stop, a failure goes back to the recorder, which resumes the finished file itself.
      onShouldRetry: (error, attempt) =>
        renewal.renewed(error) || (worthRetrying(error) && (!stopped || attempt < STOPPED_RETRY_DELAYS.length)),
      onSuccess: () => settle('arrived'),
      onError: (error) => settle(outcomeOfError(error)),
    });
    upload.start();
    return {
      push: (bytes) => recording.push(bytes),
      end() {
        stopped = true;
        recording.end();
        return finished;
      },
      abort(terminate) {
        stopped = true;
        recording.end();
        settle('unreachable');
        void upload.abort(terminate).catch(() => undefined);
      },
      get settled() {
        return outcome !== null;
      },
    };
  },

  async resume(target, recordingId, audio, begun) {
    const renewal = renewingOn401(target);
    const outcome = await new Promise<ProgressiveOutcome | 'begun'>((resolve) => {
      const upload = new Upload(audio, {
        ...uploadOptions(target, recordingId, begun),
        retryDelays: STOPPED_RETRY_DELAYS,
        onShouldRetry: (error) => renewal.renewed(error) || (worthRetrying(error) && !(statusOf(error) === 409 && !begun)),
        onSuccess: () => resolve('arrived'),
        // 409 to a creation: it was begun after all (the page did not learn it in time); ask what arrived.
        onError: (error) => resolve(!begun && statusOf(error) === 409 ? 'begun' : outcomeOfError(error)),
      });
      upload.start();
    });
    return outcome === 'begun' ? this.resume(target, recordingId, audio, true) : outcome;
  },
};
