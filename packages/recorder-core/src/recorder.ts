import { DEFAULT_PLATFORM, type ConversationKey, type Platform } from '@vocal/settings-model';
import type { CapturePipeline, PipelineEvents, StartPipeline } from './capture-pipeline.ts';
import type { EncodedChunk } from './capture-protocol.ts';
import { listAudioInputs, openMicrophone, captureFailureReason, type MediaDevicesLike, VOICE_CONSTRAINTS } from './media-devices.ts';
import { DEFAULT_MP3_BITRATE, type Mp3Bitrate } from './mp3-encoder.ts';
import { levelFromPeak, peaksFromEnvelope } from './peaks.ts';
import type { RecordingPlan } from './plan-rules.ts';
import { idleState, recordingOf, transition, type RecordedMessage, type RecorderEvent, type RecorderState } from './recorder-state.ts';
import type { RecordingSpool } from './spool.ts';
import type { ProgressiveStream, ProgressiveUploader } from './progressive-upload.ts';
import {
  DEFAULT_RETRY_POLICY,
  retryDelay,
  uploadRecording,
  type AudioSending,
  type RecorderApi,
  type RetryPolicy,
} from './upload-recording.ts';
import type { WaveformImageOptions } from './waveform-image.ts';

export type RecorderOptions = {
  /** The calls the recorder makes: `createApiClient(...)` fits. */
  api: RecorderApi;
  /** Sent with get-vocal and in the upload context. */
  platform?: Platform;
  /** From `recordingPlanFor(user.plan)`. */
  plan: RecordingPlan;
  /** The `recorder.deviceId` setting; null or absent for the default microphone. */
  deviceId?: string | null;
  subject?: string | null;
  /**
   * Where in the host the message is recorded (settings-model's conversationKeySchema): sent
   * with get-vocal so replies to it can be shown in that conversation's panel.
   */
  conversation?: ConversationKey | null;
  bitrate?: Mp3Bitrate;
  /** Browser audio processing; defaults suit speech (VOICE_CONSTRAINTS). */
  audioConstraints?: MediaTrackConstraints;
  waveform?: WaveformImageOptions;
  retry?: RetryPolicy;
  /** How long stop waits for the encoder's final flush before keeping what it has. */
  finishTimeoutMs?: number;
  /** Told when the spool cannot be written (private mode, quota): recording goes on in memory. */
  onSpoolError?: (error: unknown) => void;
};

/** Everything the recorder reaches outside itself; the browser's are in create-recorder.ts. */
export type RecorderDependencies = {
  devices: MediaDevicesLike | null;
  startPipeline: StartPipeline;
  spool: RecordingSpool | null;
  /** Sends the MP3 while it is recorded (tus, progressive-upload.ts); absent, it is sent whole after Stop. */
  progressive?: ProgressiveUploader;
  drawWaveform(peaks: readonly number[], options?: WaveformImageOptions): Promise<Blob>;
  /** Subscribes to the browser's `online` event. */
  onOnline(listener: () => void): () => void;
  /** Marks a spooled recording as owned by this page until the returned function is called. */
  holdRecording(localId: string): () => void;
  createLocalId(): string;
  now(): number;
  random(): number;
  setTimer(callback: () => void, delayMs: number): unknown;
  clearTimer(timer: unknown): void;
};

export type Recorder = {
  getState(): RecorderState;
  /** Called after every change of state; answers the unsubscribe function. */
  subscribe(listener: (state: RecorderState) => void): () => void;
  /** The input level (0..1) about 25 times a second while recording. */
  onLevel(listener: (level: number) => void): () => void;
  /** Asks for the microphone and records; resolves once recording or failed. */
  start(): Promise<RecorderState>;
  /** False when refused: the plan does not allow pausing, or nothing is recording. */
  pause(): boolean;
  resume(): boolean;
  /** Resolves once stopped (or failed): only the encoder's final flush is waited for. */
  stop(): Promise<RecorderState>;
  /**
   * Uploads the stopped recording; resolves after this attempt, shared or failed. A failure
   * worth retrying is retried on its own with backoff and when the browser comes back online.
   */
  upload(): Promise<RecorderState>;
  /** Throws the recording away, here and in the spool, and goes back to idle. */
  discard(): Promise<void>;
  /** Releases everything without discarding: an unsent recording stays in the spool. */
  destroy(): void;
  readonly plan: RecordingPlan;
};

/** A spooled recording handed to a new recorder, which starts in the stopped state. */
export type RestoredRecording = {
  recording: RecordedMessage;
  recordingId: string | null;
  platform: Platform;
  subject: string | null;
  conversation?: ConversationKey | null;
  /** A progressive upload of it was begun on the server (spool.ts). */
  uploadBegun?: boolean;
};

type Session = {
  localId: string;
  pipeline: CapturePipeline | null;
  sampleRate: number;
  parts: Uint8Array<ArrayBuffer>[];
  envelope: number[];
  sampleCount: number;
  unspooled: { parts: Uint8Array<ArrayBuffer>[]; envelope: number[]; sampleCount: number };
  /**
   * The parts handed to the spool so far, as one Blob grown a second at a time: at Stop the
   * recording is this and the last few parts. Made from thousands of parts at once, the Blob
   * of a 5 min take held the main thread 10-14 ms between Stop and the link.
   */
  audioSoFar: Blob;
  sequence: number;
  spooling: Promise<void>;
  spoolTimer: unknown;
  /** A write started by spoolWhenDue is under way. */
  stepWriting: boolean;
  recordingId: string | null;
  reservation: Promise<void> | null;
  platform: Platform;
  subject: string | null;
  conversation?: ConversationKey | null;
  stopRequested: boolean;
  finishTimer: unknown;
  failures: number;
  retryTimer: unknown;
  releaseHold: () => void;
  lastProgress: number;
  /** The upload attempt under way, so a discard can wait for it. */
  uploading: Promise<unknown> | null;
  /** The MP3 going to the server while it is recorded, into this reservation. */
  progressive: { stream: ProgressiveStream; recordingId: string } | null;
  /** The server holds a progressive upload of this recording (created, maybe not finished). */
  uploadBegun: boolean;
  /** How many of `parts` are in the spool (and so may go to the server). */
  spooledParts: number;
};

const SPOOL_INTERVAL_MS = 1_000;
/**
 * The spool is also written as soon as this much audio is waiting, driven by the encoder's
 * chunks rather than by the timer alone: a 1 s timer that reschedules itself drifted to 1.2 to
 * 1.6 s apart on a busy machine (and a hidden tab's timers run once a second at best), so a
 * page killed just before a tick lost well over a second ("8 s came back as 6 s" on screen,
 * which floors). A quarter second keeps the loss under 1 s with room for the write itself.
 */
const SPOOL_STEP_SECONDS = 0.25;
const PROGRESS_STEP_SECONDS = 0.1;
const RESERVATION_WAIT_MS = 10_000;
/** A discard waits this long at most for an upload under way, then deletes anyway. */
const DISCARD_UPLOAD_WAIT_MS = 30_000;
const noop = () => undefined;

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const part of parts) length += part.byteLength;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined;
}

/**
 * The effects layer around the pure `transition`: microphone, pipeline, spool, reservation,
 * upload and retries. Each recording is a session; callbacks from a session that was discarded
 * or replaced are ignored, so late events can never touch the next recording.
 */
export function createRecorderWith(options: RecorderOptions, dependencies: RecorderDependencies, restored?: RestoredRecording): Recorder {
  const plan = options.plan;
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const spool = dependencies.spool;
  let state: RecorderState = idleState;
  let session: Session | null = null;
  let destroyed = false;
  const listeners = new Set<(state: RecorderState) => void>();
  const levelListeners = new Set<(level: number) => void>();

  const newSession = (localId: string, fields: Partial<Session> = {}): Session => ({
    localId,
    pipeline: null,
    sampleRate: 0,
    parts: [],
    envelope: [],
    sampleCount: 0,
    unspooled: { parts: [], envelope: [], sampleCount: 0 },
    audioSoFar: new Blob(),
    sequence: 0,
    spooling: Promise.resolve(),
    spoolTimer: null,
    stepWriting: false,
    recordingId: null,
    reservation: null,
    platform: options.platform ?? DEFAULT_PLATFORM,
    subject: options.subject ?? null,
    conversation: options.conversation ?? null,
    stopRequested: false,
    finishTimer: null,
    failures: 0,
    retryTimer: null,
    releaseHold: () => undefined,
    lastProgress: 0,
    uploading: null,
    progressive: null,
    uploadBegun: false,
    spooledParts: 0,
    ...fields,
  });

  function dispatch(event: RecorderEvent): boolean {
    const next = transition(state, event, plan);
    if (next === state) return false;
    state = next;
    const current = session;
    if (current && 'stopping' in next && next.stopping && !current.stopRequested) {
      current.stopRequested = true;
      current.pipeline?.stop();
      current.finishTimer = dependencies.setTimer(() => {
        if (session === current) fail(current, new Error('The MP3 encoder did not finish'));
      }, options.finishTimeoutMs ?? 15_000);
    }
    for (const listener of [...listeners]) listener(state);
    return true;
  }

  /** Resolves at the first state that satisfies `done`, the current one included. */
  const waitFor = (done: (state: RecorderState) => boolean) =>
    new Promise<RecorderState>((resolve) => {
      if (done(state)) return resolve(state);
      const listener = (next: RecorderState) => {
        if (!done(next)) return;
        listeners.delete(listener);
        resolve(next);
      };
      listeners.add(listener);
    });

  // Spool writes of a session run one after another, in order, and never fail the recording.
  function spoolWrite(current: Session, work: (target: RecordingSpool) => Promise<void>): Promise<void> {
    if (!spool) return Promise.resolve();
    current.spooling = current.spooling.then(() => work(spool)).catch((error: unknown) => options.onSpoolError?.(error));
    return current.spooling;
  }

  function flushToSpool(current: Session): Promise<void> {
    const batch = current.unspooled;
    if (batch.parts.length === 0 && batch.sampleCount === 0) return current.spooling;
    current.unspooled = { parts: [], envelope: [], sampleCount: 0 };
    const sequence = current.sequence++;
    const bytes = concat(batch.parts);
    // The batch already joined for the spool: one part of the Blob a second, not one per chunk.
    current.audioSoFar = new Blob([current.audioSoFar, bytes]);
    // Sent on only once spooled, so the server never holds bytes this device could lose: after a
    // crash the spool resumes from what the server has, and that is always a beginning of it.
    return spoolWrite(current, (target) =>
      target.appendChunk({ localId: current.localId, sequence, bytes, envelope: batch.envelope, sampleCount: batch.sampleCount }),
    ).then(() => {
      current.spooledParts += batch.parts.length;
      current.progressive?.stream.push(bytes);
    });
  }

  /**
   * Writes what is waiting once it reaches SPOOL_STEP_SECONDS. One such write at a time: while
   * IndexedDB is slow the audio gathers into the next write instead of queueing many small ones.
   */
  function spoolWhenDue(current: Session) {
    if (current.stepWriting || current.sampleRate <= 0) return;
    if (current.unspooled.sampleCount < current.sampleRate * SPOOL_STEP_SECONDS) return;
    current.stepWriting = true;
    void flushToSpool(current).then(() => {
      current.stepWriting = false;
      if (session === current && current.pipeline) spoolWhenDue(current);
    });
  }

  function collect(current: Session, chunk: EncodedChunk) {
    const bytes = chunk.bytes as Uint8Array<ArrayBuffer>;
    if (bytes.byteLength > 0) {
      current.parts.push(bytes);
      current.unspooled.parts.push(bytes);
    }
    for (const value of chunk.envelope) {
      current.envelope.push(value);
      current.unspooled.envelope.push(value);
    }
    current.sampleCount += chunk.sampleCount;
    current.unspooled.sampleCount += chunk.sampleCount;
  }

  const recordingFrom = (current: Session): RecordedMessage => ({
    localId: current.localId,
    audio: new Blob([current.audioSoFar, ...current.unspooled.parts], { type: 'audio/mpeg' }),
    durationSeconds: current.sampleRate > 0 ? current.sampleCount / current.sampleRate : 0,
    peaks: peaksFromEnvelope(current.envelope),
  });

  function endCapture(current: Session) {
    if (current.spoolTimer !== null) dependencies.clearTimer(current.spoolTimer);
    if (current.finishTimer !== null) dependencies.clearTimer(current.finishTimer);
    current.spoolTimer = null;
    current.finishTimer = null;
    current.pipeline?.close();
    current.pipeline = null;
  }

  async function finish(current: Session) {
    endCapture(current);
    const recording = recordingFrom(current);
    // Stopped means safe: the last bytes are in the spool before the state says so.
    await flushToSpool(current);
    // They are spooled, so they go now, with the length, while the review is drawn: upload-vocal
    // then finds the whole recording on the server instead of waiting for it (sendAudio).
    void current.progressive?.stream.end();
    await spoolWrite(current, (target) => target.update(current.localId, { status: 'stopped' }));
    if (session !== current) return;
    dispatch({ type: 'finished', recording });
    if (!recordingOf(state)) await forget(current);
  }

  async function fail(current: Session, _error: Error) {
    endCapture(current);
    const recording = recordingFrom(current);
    await flushToSpool(current);
    await spoolWrite(current, (target) => target.update(current.localId, { status: 'stopped' }));
    if (session !== current) return;
    dispatch({ type: 'encoder-failed', recording: current.parts.length > 0 ? recording : null });
    if (!recordingOf(state)) await forget(current);
  }

  /** Drops a session's spool entry and its hold: nothing worth keeping is left. */
  async function forget(current: Session) {
    await spoolWrite(current, (target) => target.remove(current.localId));
    current.releaseHold();
  }

  function pipelineEvents(current: Session): PipelineEvents {
    const live = () => session === current && !destroyed;
    const progress = (capturedSeconds: number) => {
      if (Math.abs(capturedSeconds - current.lastProgress) < PROGRESS_STEP_SECONDS) return;
      current.lastProgress = capturedSeconds;
      dispatch({ type: 'progress', elapsedSeconds: capturedSeconds });
    };
    return {
      onLevel(peak, capturedSeconds) {
        if (!live()) return;
        const level = levelFromPeak(peak);
        for (const listener of [...levelListeners]) listener(level);
        progress(capturedSeconds);
      },
      onChunk(chunk) {
        if (!live()) return;
        collect(current, chunk);
        // Once Stop is pressed the encoder's last chunks wait for its final flush (milliseconds
        // away): finish() spools them together, so the tail reaches the server in one PATCH with
        // the length, not in two, one after the other.
        if (!current.stopRequested) spoolWhenDue(current);
      },
      onFinished(chunk) {
        if (!live()) return;
        collect(current, chunk);
        void finish(current);
      },
      onLimitReached(capturedSeconds) {
        if (!live()) return;
        current.lastProgress = capturedSeconds;
        dispatch({ type: 'progress', elapsedSeconds: capturedSeconds });
        dispatch({ type: 'limit-reached' });
      },
      onDeviceLost() {
        if (live()) dispatch({ type: 'device-lost' });
      },
      onError(error) {
        if (live()) void fail(current, error);
      },
    };
  }

  function reserveInBackground(current: Session) {
    current.reservation = options.api
      .getVocal(current.platform, current.conversation ?? undefined)
      .then(async (result) => {
        // The upload may have reserved one meanwhile: keep the id already in use.
        if (!result.ok || current.recordingId) return;
        current.recordingId = result.data.id;
        streamWhileRecording(current, result.data.id);
        await spoolWrite(current, (target) => target.update(current.localId, { recordingId: result.data.id }));
      })
      .catch(() => undefined);
  }

  /**
   * From the reservation on, each encoded chunk goes to the server as it is made (what was
   * recorded before it first), so at Stop only the last second is left to send.
   */
  function streamWhileRecording(current: Session, recordingId: string) {
    const target = options.api.progressiveUploads?.();
    if (!target || !dependencies.progressive || session !== current || !current.pipeline || destroyed) return;
    const stream = dependencies.progressive.stream(target, recordingId, () => {
      current.uploadBegun = true;
      void spoolWrite(current, (spooled) => spooled.update(current.localId, { uploadBegun: true }));
    });
    for (const part of current.parts.slice(0, current.spooledParts)) stream.push(part);
    current.progressive = { stream, recordingId };
  }

  /**
   * Before upload-vocal: the rest of the MP3 through the stream that ran while recording, or,
   * when there is none or it gave up (a reload, a network that dropped), what the server lacks
   * of the finished file, from the byte it says it has.
   */
  function sendAudio(current: Session, recordingId: string, audio: Blob): AudioSending {
    const target = options.api.progressiveUploads?.();
    const uploader = dependencies.progressive;
    if (!target || !uploader) return { finishing: false, sent: Promise.resolve('skip') };
    const running = current.progressive;
    current.progressive = null;
    const resume = () => uploader.resume(target, recordingId, audio, current.uploadBegun);
    if (running && running.recordingId === recordingId) {
      // Alive, only its last pieces are left (upload-vocal may go beside them); else it ended: refused
      // (the whole file goes with upload-vocal), or cut off (what the server lacks is resumed).
      const sent = running.stream.end().then((outcome) => (outcome === 'unreachable' ? resume() : outcome));
      return { finishing: !running.stream.settled, sent };
    }
    running?.stream.abort(false);
    return { finishing: false, sent: resume() };
  }

  async function start(): Promise<RecorderState> {
    if (destroyed || !dispatch({ type: 'start' })) return state;
    const current = newSession(dependencies.createLocalId());
    session = current;
    const refuse = (error: unknown) => {
      if (session === current) dispatch({ type: 'capture-failed', reason: captureFailureReason(error) });
      return state;
    };
    const devices = dependencies.devices;
    if (!devices) return refuse(new DOMException('No media devices', 'NotSupportedError'));
    try {
      const inputs = await listAudioInputs(devices).catch(() => null);
      if (inputs && inputs.length === 0) return refuse(new DOMException('No microphone', 'NotFoundError'));
      const stream = await openMicrophone(devices, options.deviceId ?? null, options.audioConstraints ?? VOICE_CONSTRAINTS);
      if (session !== current || destroyed) {
        for (const track of stream.getTracks()) track.stop();
        return state;
      }
      const pipeline = await dependencies.startPipeline(
        stream,
        { maxSeconds: plan.maxRecordingSeconds, bitrate: options.bitrate ?? DEFAULT_MP3_BITRATE },
        pipelineEvents(current),
      );
      if (session !== current || destroyed) {
        pipeline.close();
        return state;
      }
      current.pipeline = pipeline;
      current.sampleRate = pipeline.sampleRate;
    } catch (error) {
      return refuse(error);
    }
    const now = dependencies.now();
    current.releaseHold = dependencies.holdRecording(current.localId);
    void spoolWrite(current, (target) =>
      target.create({
        localId: current.localId,
        recordingId: null,
        platform: current.platform,
        subject: current.subject,
        conversation: current.conversation ?? null,
        status: 'recording',
        sampleRate: current.sampleRate,
        sampleCount: 0,
        createdAt: now,
        updatedAt: now,
        lastError: null,
      }),
    );
    const spoolTick = () => {
      if (session !== current || current.pipeline === null || current.stopRequested) return;
      void flushToSpool(current);
      current.spoolTimer = dependencies.setTimer(spoolTick, SPOOL_INTERVAL_MS);
    };
    current.spoolTimer = dependencies.setTimer(spoolTick, SPOOL_INTERVAL_MS);
    reserveInBackground(current);
    dispatch({ type: 'permission-granted' });
    return state;
  }

  function stop(): Promise<RecorderState> {
    if (state.status !== 'recording' && state.status !== 'paused') return Promise.resolve(state);
    dispatch({ type: 'stop' });
    return waitFor((next) => next.status !== 'recording' && next.status !== 'paused');
  }

  function pause(): boolean {
    if (!dispatch({ type: 'pause' })) return false;
    session?.pipeline?.pause();
    return true;
  }

  function resume(): boolean {
    if (!dispatch({ type: 'resume' })) return false;
    session?.pipeline?.resume();
    return true;
  }

  const waitAtMost = (promise: Promise<void>, milliseconds: number) =>
    new Promise<void>((resolve) => {
      const timer = dependencies.setTimer(resolve, milliseconds);
      void promise.then(() => {
        dependencies.clearTimer(timer);
        resolve();
      });
    });

  async function attemptUpload(current: Session, attempt: number): Promise<RecorderState> {
    if (current.retryTimer !== null) dependencies.clearTimer(current.retryTimer);
    current.retryTimer = null;
    if (session !== current || destroyed || !dispatch({ type: 'upload', attempt })) return state;
    const uploading = state;
    const recording = recordingOf(uploading);
    if (!recording) return state;
    if (current.reservation) await waitAtMost(current.reservation, RESERVATION_WAIT_MS);

    // Discarded while the reservation was awaited: nothing may reach the server after that.
    if (session !== current || destroyed || state !== uploading) return state;
    const request = uploadRecording({
      api: options.api,
      platform: current.platform,
      subject: current.subject,
      conversation: current.conversation ?? null,
      recordingId: current.recordingId,
      audio: recording.audio,
      drawImage: async () => {
        const image = await dependencies.drawWaveform(recording.peaks, options.waveform);
        // Discarded while the image was drawn: nothing may reach the server after that.
        if (session !== current || destroyed || state !== uploading) throw new Error('the recording was discarded');
        return image;
      },
      // The server draws the default picture from the peaks; a recorder with its own look sends its own.
      pictureFromPeaks: options.waveform === undefined,
      durationSeconds: recording.durationSeconds,
      peaks: recording.peaks,
      sendAudio: (recordingId) => sendAudio(current, recordingId, recording.audio),
      onReserved: (recordingId) => {
        current.recordingId = recordingId;
        return spoolWrite(current, (target) => target.update(current.localId, { recordingId }));
      },
    });
    current.uploading = request;
    const outcome = await request;
    // Discarded or destroyed while the request ran: its answer no longer matters here.
    if (session !== current || destroyed || state !== uploading) return state;

    if (outcome.kind === 'shared') {
      current.failures = 0;
      // The link first, then the spool's copy goes (for a 5 min take, 300 chunks: tens of ms of
      // IndexedDB). Until then the take is held, so no page offers it as pending; a crash in
      // between leaves one the server has, and sending it again answers with the same message.
      dispatch({ type: 'upload-succeeded', share: outcome.share });
      await forget(current);
      return state;
    }
    void spoolWrite(current, (target) => target.update(current.localId, { lastError: outcome.message }));
    if (outcome.kind === 'refused') {
      dispatch({ type: 'upload-failed', reason: 'upload-refused', message: outcome.message, retryAt: null });
      return state;
    }
    current.failures++;
    const delay = retryDelay(current.failures, policy, dependencies.random());
    dispatch({ type: 'upload-failed', reason: outcome.reason, message: outcome.message, retryAt: dependencies.now() + delay });
    current.retryTimer = dependencies.setTimer(() => {
      current.retryTimer = null;
      void attemptUpload(current, attempt + 1);
    }, delay);
    return state;
  }

  function upload(): Promise<RecorderState> {
    const current = session;
    if (!current || !recordingOf(state) || (state.status !== 'stopped' && state.status !== 'failed')) {
      return Promise.resolve(state);
    }
    return attemptUpload(current, 1);
  }

  const stopListeningOnline = dependencies.onOnline(() => {
    const current = session;
    if (!current || state.status !== 'failed' || state.retryAt === null) return;
    // Back online: the next failure starts the backoff from the beginning again.
    current.failures = 0;
    void attemptUpload(current, 1);
  });

  function release(current: Session, terminateUpload: boolean) {
    current.progressive?.stream.abort(terminateUpload);
    current.progressive = null;
    endCapture(current);
    if (current.retryTimer !== null) dependencies.clearTimer(current.retryTimer);
    current.retryTimer = null;
  }

  /**
   * Throws the take away everywhere: here, in the spool, and on the server. The review step
   * uploads at Stop, so a discarded take may already be a message: an upload in flight is
   * let finish first (else it could land after the delete), then the copy is deleted with the
   * owner's token (a visitor's take is uploaded only once they press Send). A reservation without an
   * upload is released too, so discarded takes do not pile up against the open-reservation cap.
   */
  async function discard(): Promise<void> {
    const current = session;
    const inFlight = current?.uploading ?? null;
    session = null;
    dispatch({ type: 'discard' });
    if (!current) return;
    release(current, true);
    await forget(current);
    if (inFlight) await waitAtMost(inFlight.then(noop), DISCARD_UPLOAD_WAIT_MS);
    if (current.recordingId && options.api.deleteRecording) {
      await options.api.deleteRecording(current.recordingId).catch(() => undefined);
    }
  }

  function destroy() {
    if (destroyed) return;
    destroyed = true;
    stopListeningOnline();
    const current = session;
    if (current) {
      // Whatever was captured but not yet written still goes to the spool.
      if (current.pipeline) void flushToSpool(current);
      // What arrived stays on the server: the spooled recording resumes from it.
      release(current, false);
      current.releaseHold();
    }
    listeners.clear();
    levelListeners.clear();
  }

  if (restored) {
    const current = newSession(restored.recording.localId, {
      recordingId: restored.recordingId,
      platform: restored.platform,
      subject: restored.subject,
      conversation: restored.conversation ?? null,
      uploadBegun: restored.uploadBegun ?? false,
    });
    current.releaseHold = dependencies.holdRecording(current.localId);
    session = current;
    dispatch({ type: 'restore', recording: restored.recording });
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onLevel(listener) {
      levelListeners.add(listener);
      return () => levelListeners.delete(listener);
    },
    start,
    pause,
    resume,
    stop,
    upload,
    discard,
    destroy,
    plan,
  };
}
