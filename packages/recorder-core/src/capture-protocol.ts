/**
 * Messages between the three threads of a recording. The capture worklet (audio thread) hands
 * PCM straight to the encoder worker through a MessagePort, so the main thread is never in the
 * way of the audio; the main thread only starts, pauses and stops, and receives MP3 bytes.
 */

/** Main thread to the capture worklet, on the AudioWorkletNode's port. */
export type WorkletCommand = { type: 'connect'; encoderPort: MessagePort } | { type: 'pause' } | { type: 'resume' } | { type: 'stop' };

/** Capture worklet to the main thread. */
export type WorkletReport =
  /**
   * About 25 times a second: the loudest sample and the RMS since the last report, and samples
   * captured so far. The meter shows the RMS: speech peaks sit near full scale (automatic gain
   * pushes them there), so a peak meter showed red at a normal speaking voice.
   */
  | { type: 'level'; peak: number; rms: number; capturedSamples: number }
  /** The plan's limit is reached: the worklet captured exactly that much and forwards no more. */
  | { type: 'limit-reached'; capturedSamples: number };

/** Capture worklet to the encoder worker, on the MessagePort; ordered, so `end` comes last. */
export type SampleMessage = { type: 'samples'; samples: Float32Array } | { type: 'end' };

/** Main thread to the encoder worker. */
export type EncoderCommand = {
  type: 'start';
  /** Absolute URL of LAME's wasm, fetched when `wasm` is null. */
  wasmUrl: string;
  /** LAME's wasm, when the page already holds it (transferred). */
  wasm: ArrayBuffer | null;
  sampleRate: number;
  bitrate: number;
  /** Samples for the envelope blocks the peaks are built from. */
  envelopeBlockSize: number;
  samplePort: MessagePort;
};

/** MP3 bytes with the envelope and length of the PCM they encode. */
export type EncodedChunk = {
  bytes: Uint8Array;
  envelope: number[];
  sampleCount: number;
};

/** Encoder worker to the main thread. */
export type EncoderReport =
  | ({ type: 'chunk' } & EncodedChunk)
  /** The final flush after `end`: the last chunk of the recording. */
  | ({ type: 'finished' } & EncodedChunk)
  | { type: 'error'; message: string };

/** Options the capture worklet is constructed with. */
export type CaptureProcessorOptions = {
  /** Stop forwarding after this many samples (the plan's limit); null for no limit. */
  maxSamples: number | null;
  /** Samples per message to the encoder. */
  batchSize: number;
  /** Samples between level reports. */
  levelInterval: number;
};

/** The name the worklet registers its processor under. */
export const CAPTURE_PROCESSOR_NAME = 'vocal-capture';
