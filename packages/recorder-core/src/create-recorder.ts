import type { ApiClient } from '@vocal/api-client';
import { browserAssets } from './browser-assets.ts';
import { createBrowserPipelineStarter, type BrowserPipelineFactories } from './browser-pipeline.ts';
import type { StartPipeline } from './capture-pipeline.ts';
import { createIndexedDbSpool } from './indexed-db-spool.ts';
import { browserMediaDevices, type MediaDevicesLike } from './media-devices.ts';
import { listPendingFrom, loadSpooledRecording, type PendingRecording } from './pending-recordings.ts';
import { createRecorderWith, type Recorder, type RecorderDependencies, type RecorderOptions } from './recorder.ts';
import type { RecordingSpool } from './spool.ts';
import { drawWaveformPng } from './waveform-image.ts';
import { tusUploader, type ProgressiveUploader } from './progressive-upload.ts';

/** What a test or another environment may replace; everything else is the browser's. */
export type MediaOverrides = {
  /** getUserMedia and enumerateDevices. */
  devices?: MediaDevicesLike | null;
  /** The whole audio path, or only some of its parts below. */
  startPipeline?: StartPipeline;
  /** AudioContext factory, worklet URL, encoder worker factory, wasm URL. */
  pipeline?: Partial<BrowserPipelineFactories>;
};

export type CreateRecorderOptions = RecorderOptions & {
  media?: MediaOverrides;
  /** Where unsent recordings are kept; IndexedDB by default, null for none. */
  spool?: RecordingSpool | null;
  /** How the MP3 goes to the server while it is recorded; tus by default, null to send it whole after Stop. */
  progressive?: ProgressiveUploader | null;
};

const LOCK_PREFIX = 'vocal-recording:';

/** Holds a Web Lock named after the recording while this page owns it, where locks exist. */
function holdRecording(localId: string): () => void {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return () => undefined;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  void locks.request(`${LOCK_PREFIX}${localId}`, () => held).catch(() => undefined);
  return release;
}

async function heldRecordingIds(): Promise<Set<string>> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return new Set();
  const snapshot = await locks.query().catch(() => null);
  const names = (snapshot?.held ?? []).map((lock) => lock.name ?? '');
  return new Set(names.filter((name) => name.startsWith(LOCK_PREFIX)).map((name) => name.slice(LOCK_PREFIX.length)));
}

const absoluteUrl = (url: string) => (typeof location === 'undefined' ? url : new URL(url, document.baseURI || location.href).href);

function browserDependencies(options: CreateRecorderOptions): RecorderDependencies {
  const factories: BrowserPipelineFactories = {
    ...browserAssets,
    createAudioContext: (contextOptions) => new AudioContext(contextOptions),
    absoluteUrl,
    ...options.media?.pipeline,
  };
  return {
    devices: options.media?.devices === undefined ? browserMediaDevices() : options.media.devices,
    startPipeline: options.media?.startPipeline ?? createBrowserPipelineStarter(factories),
    spool: options.spool === undefined ? createIndexedDbSpool() : options.spool,
    drawWaveform: drawWaveformPng,
    progressive: options.progressive === undefined ? tusUploader : (options.progressive ?? undefined),
    onOnline(listener) {
      if (typeof window === 'undefined') return () => undefined;
      window.addEventListener('online', listener);
      return () => window.removeEventListener('online', listener);
    },
    holdRecording,
    createLocalId: () => crypto.randomUUID(),
    now: () => Date.now(),
    random: () => Math.random(),
    setTimer: (callback, delayMs) => setTimeout(callback, delayMs),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
}

/** A recorder for one message at a time, wired to the browser. */
export function createRecorder(options: CreateRecorderOptions): Recorder {
  return createRecorderWith(options, browserDependencies(options));
}

/** Recordings on this device that never reached the server (failed upload, closed tab, crash). */
export async function listPendingRecordings(options: { spool?: RecordingSpool } = {}): Promise<PendingRecording[]> {
  return listPendingFrom(options.spool ?? createIndexedDbSpool(), await heldRecordingIds());
}

/**
 * A recorder holding a pending recording in the stopped state, ready for `upload()`: it keeps
 * its reserved id, so it can never become a second message. Null when it is no longer there.
 */
export async function resumePendingRecording(localId: string, options: CreateRecorderOptions): Promise<Recorder | null> {
  const spool = options.spool ?? createIndexedDbSpool();
  const restored = await loadSpooledRecording(spool, localId);
  if (!restored) return null;
  return createRecorderWith({ ...options }, browserDependencies({ ...options, spool }), restored);
}

/**
 * Deletes a pending recording from this device. With an api that can delete, its reservation
 * is released too.
 */
export async function discardPendingRecording(
  localId: string,
  options: { spool?: RecordingSpool; api?: Pick<ApiClient, 'deleteRecording'> } = {},
): Promise<void> {
  const spool = options.spool ?? createIndexedDbSpool();
  const recording = await spool.get(localId);
  await spool.remove(localId);
  if (recording?.recordingId && options.api) await options.api.deleteRecording(recording.recordingId).catch(() => undefined);
}
