import type { EncodedChunk } from './capture-protocol.ts';

/** What a capture pipeline tells the recorder while it runs. */
export type PipelineEvents = {
  /**
   * ~25 times a second: the input's RMS amplitude over the last window (0..1; the meter shows it
   * in dBFS through levelFromPeak) and seconds captured so far.
   */
  onLevel(amplitude: number, capturedSeconds: number): void;
  /** MP3 bytes encoded while the user speaks. */
  onChunk(chunk: EncodedChunk): void;
  /** The encoder's final flush after stop: nothing follows. */
  onFinished(chunk: EncodedChunk): void;
  /** The plan's limit was reached: capture ended at exactly that length and is flushing. */
  onLimitReached(capturedSeconds: number): void;
  /** The microphone went away (unplugged, revoked): capture is flushing what it has. */
  onDeviceLost(): void;
  /** The encoder failed: no `onFinished` follows. */
  onError(error: Error): void;
};

export type PipelineOptions = {
  /** Capture stops at exactly this many seconds; null for no limit. */
  maxSeconds: number | null;
  bitrate: number;
};

/** One recording's audio path: microphone, capture, encoder. */
export type CapturePipeline = {
  readonly sampleRate: number;
  pause(): void;
  resume(): void;
  /** Ends capture; the encoder flushes and `onFinished` follows. */
  stop(): void;
  /** Releases the microphone, the audio context and the worker. */
  close(): void;
};

export type StartPipeline = (stream: MediaStream, options: PipelineOptions, events: PipelineEvents) => Promise<CapturePipeline>;
