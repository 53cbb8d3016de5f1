export {
  createRecorder,
  discardPendingRecording,
  listPendingRecordings,
  resumePendingRecording,
  type CreateRecorderOptions,
  type MediaOverrides,
} from './create-recorder.ts';
export type { Recorder, RecorderOptions, RecorderDependencies, RestoredRecording } from './recorder.ts';
export { createRecorderWith } from './recorder.ts';
export {
  transition,
  MIN_RECORDING_SECONDS,
  type RecordedMessage,
  type RecorderEvent,
  type RecorderState,
  type RecorderStatus,
  type StopCause,
} from './recorder-state.ts';
export { FAILURE_MESSAGES, FAILURE_REASONS, type FailureReason } from './failure-messages.ts';
export { recordingPlanFor, type RecordingPlan } from './plan-rules.ts';
export { computePeaks, peaksFromEnvelope, levelFromPeak, DEFAULT_PEAK_BARS } from './peaks.ts';
export { drawWaveformPng, waveformBars, DEFAULT_WAVEFORM_IMAGE, type WaveformImageOptions } from './waveform-image.ts';
export {
  listAudioInputs,
  openMicrophone,
  browserMediaDevices,
  captureFailureReason,
  VOICE_CONSTRAINTS,
  type AudioInput,
  type MediaDevicesLike,
} from './media-devices.ts';
export { createIndexedDbSpool, SPOOL_DATABASE_NAME } from './indexed-db-spool.ts';
export type { RecordingSpool, SpooledRecording, SpooledChunk } from './spool.ts';
export { pendingRecordingAudio, type PendingRecording } from './pending-recordings.ts';
export { retryDelay, isRetryable, DEFAULT_RETRY_POLICY, type RecorderApi, type RetryPolicy } from './upload-recording.ts';
export { DEFAULT_MP3_BITRATE, type Mp3Bitrate } from './mp3-encoder.ts';
export type { BrowserAssets } from './browser-assets.ts';
export { tusUploader, type ProgressiveOutcome, type ProgressiveStream, type ProgressiveUploader } from './progressive-upload.ts';
export { PROGRESSIVE_CHUNK_BYTES, PROGRESSIVE_MAX_PATCH_BYTES } from './live-recording.ts';
export { warmRecorderAssets } from './warm-recorder-assets.ts';
export type { BrowserPipelineFactories } from './browser-pipeline.ts';
export type { CapturePipeline, PipelineEvents, PipelineOptions, StartPipeline } from './capture-pipeline.ts';
