import { createApiClient } from '@vocal/api-client';
import {
  createRecorder,
  drawWaveformPng,
  listPendingRecordings,
  recordingPlanFor,
  resumePendingRecording,
  type CreateRecorderOptions,
  type Recorder,
  type RecorderState,
  warmRecorderAssets,
} from '../../src/index.ts';
import type { HarnessApi, StateSummary } from './harness-api.ts';

// The API is reached through the harness server on the same origin: the API sends no CORS headers.
const api = createApiClient({ baseUrl: `${location.origin}/api` });
let recorder: Recorder | null = null;
let statuses: string[] = [];
let levels: number[] = [];
let plan = recordingPlanFor(1);
let lastStream: MediaStream | null = null;

/** The browser's devices, keeping the last stream so a test can unplug its microphone. */
const devices = {
  getUserMedia: async (constraints?: MediaStreamConstraints) => {
    lastStream = await navigator.mediaDevices.getUserMedia(constraints);
    return lastStream;
  },
  enumerateDevices: () => navigator.mediaDevices.enumerateDevices(),
};

const options = (): CreateRecorderOptions => ({
  api,
  platform: 'webapp',
  plan,
  subject: 'Harness message',
  // Levels and peaks should be the file's own, not pushed to full scale by automatic gain.
  audioConstraints: { channelCount: 1, echoCancellation: false, noiseSuppression: false, autoGainControl: false },
  retry: { initialDelayMs: 1_000, maxDelayMs: 4_000 },
  media: { devices },
});

function summary(state: RecorderState): StateSummary {
  const recording = 'recording' in state ? state.recording : null;
  return {
    status: state.status,
    endedBy: state.status === 'stopped' ? state.endedBy : null,
    elapsedSeconds: 'elapsedSeconds' in state ? state.elapsedSeconds : null,
    remainingSeconds: 'remainingSeconds' in state ? state.remainingSeconds : null,
    reason: state.status === 'failed' ? state.reason : null,
    message: state.status === 'failed' ? state.message : null,
    durationSeconds: recording?.durationSeconds ?? null,
    peaks: recording?.peaks ?? null,
    share: state.status === 'shared' ? state.share : null,
    retryAt: state.status === 'failed' ? state.retryAt : null,
  };
}

function attach(created: Recorder) {
  recorder?.destroy();
  recorder = created;
  statuses = [created.getState().status];
  levels = [];
  created.subscribe((state) => statuses.push(state.status));
  created.onLevel((level) => levels.push(level));
}

const current = () => {
  if (!recorder) throw new Error('No recorder: call harness.create() first');
  return recorder;
};

async function base64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

const recordingOf = () => {
  const state = current().getState();
  if (!('recording' in state) || !state.recording) throw new Error(`No recording in state ${state.status}`);
  return state.recording;
};

const harness: HarnessApi = {
  signIn: (tokens) => api.session.setTokens(tokens),
  warm: () => warmRecorderAssets(),
  create(createOptions) {
    plan = typeof createOptions.plan === 'number' ? recordingPlanFor(createOptions.plan) : createOptions.plan;
    attach(createRecorder(options()));
  },
  start: async () => summary(await current().start()),
  state: () => summary(current().getState()),
  statuses: () => [...statuses],
  levels: () => [...levels],
  stop: async () => summary(await current().stop()),
  upload: async () => summary(await current().upload()),
  audioBase64: () => base64(recordingOf().audio),
  imageBase64: async () => base64(await drawWaveformPng(recordingOf().peaks)),
  loseDevice() {
    const track = lastStream?.getAudioTracks()[0];
    if (!track) throw new Error('No microphone is open');
    // What an unplugged microphone does: the track stops delivering audio and fires `ended`.
    track.stop();
    track.dispatchEvent(new Event('ended'));
  },
  listPending: async () =>
    (await listPendingRecordings()).map(({ localId, recordingId, durationSeconds, interrupted, inUse }) => ({
      localId,
      recordingId,
      durationSeconds,
      interrupted,
      inUse,
    })),
  async resume(localId) {
    const resumed = await resumePendingRecording(localId, options());
    if (!resumed) throw new Error(`No pending recording ${localId}`);
    attach(resumed);
    return summary(resumed.getState());
  },
};

window.harness = harness;
