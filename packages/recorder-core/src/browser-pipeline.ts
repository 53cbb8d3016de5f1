import type { BrowserAssets } from './browser-assets.ts';
import {
  CAPTURE_PROCESSOR_NAME,
  type CaptureProcessorOptions,
  type EncoderCommand,
  type EncoderReport,
  type WorkletCommand,
  type WorkletReport,
} from './capture-protocol.ts';
import type { CapturePipeline, PipelineEvents, PipelineOptions, StartPipeline } from './capture-pipeline.ts';
import { envelopeBlockSize } from './peaks.ts';

/** Used when the track does not say its rate. */
export const FALLBACK_SAMPLE_RATE = 48_000;
/** ~85 ms at 48 kHz per message to the encoder: few messages, little latency. */
const BATCH_SIZE = 4096;
const LEVEL_REPORTS_PER_SECOND = 25;

export type BrowserPipelineFactories = BrowserAssets & {
  /** Creates the AudioContext; the sample rate is given explicitly except in the fallback below. */
  createAudioContext(options: AudioContextOptions): AudioContext;
  /** Resolves a relative asset URL for the worker, which has another base than the page. */
  absoluteUrl(url: string): string;
};

/**
 * The browser's audio path: MediaStream, AudioWorklet, encoder Worker. The AudioContext runs at
 * the track's own rate: headless Chromium defaults a context to 44.1 kHz while the microphone
 * delivers 48 kHz, and a mismatch resamples for nothing.
 */
export function createBrowserPipelineStarter(factories: BrowserPipelineFactories): StartPipeline {
  return async (stream: MediaStream, options: PipelineOptions, events: PipelineEvents): Promise<CapturePipeline> => {
    const track = stream.getAudioTracks()[0];
    if (!track) throw new DOMException('The stream has no audio track', 'NotFoundError');
    const reportedRate = track.getSettings().sampleRate;
    let context = factories.createAudioContext({ sampleRate: reportedRate || FALLBACK_SAMPLE_RATE, latencyHint: 'interactive' });
    let worker: Worker | null = null;
    let closed = false;

    const close = () => {
      if (closed) return;
      closed = true;
      track.removeEventListener('ended', onEnded);
      for (const each of stream.getTracks()) each.stop();
      worker?.terminate();
      void context.close().catch(() => undefined);
    };
    const onEnded = () => events.onDeviceLost();

    try {
      let source: MediaStreamAudioSourceNode;
      try {
        source = context.createMediaStreamSource(stream);
      } catch (error) {
        // Firefox reports no track rate and refuses a source whose rate differs from its
        // context's: the guess was wrong, so the context takes the device's own rate.
        if (reportedRate || !(error instanceof DOMException) || error.name !== 'NotSupportedError') throw error;
        void context.close().catch(() => undefined);
        context = factories.createAudioContext({ latencyHint: 'interactive' });
        source = context.createMediaStreamSource(stream);
      }
      await addCaptureWorklet(context, factories);
      const rate = context.sampleRate;
      const encoderWorker = factories.createEncoderWorker();
      worker = encoderWorker;
      const channel = new MessageChannel();
      const wasm = factories.heldMp3Wasm?.() ?? null;
      const start: EncoderCommand = {
        type: 'start',
        wasmUrl: factories.absoluteUrl(factories.mp3WasmUrl),
        wasm,
        sampleRate: rate,
        bitrate: options.bitrate,
        envelopeBlockSize: envelopeBlockSize(rate),
        samplePort: channel.port2,
      };
      encoderWorker.postMessage(start, wasm ? [channel.port2, wasm] : [channel.port2]);
      encoderWorker.onmessage = (event: MessageEvent<EncoderReport>) => {
        const report = event.data;
        if (report.type === 'chunk') events.onChunk(report);
        else if (report.type === 'finished') events.onFinished(report);
        else events.onError(new Error(report.message));
      };
      encoderWorker.onerror = (event) => {
        event.preventDefault();
        events.onError(new Error(event.message || 'The MP3 encoder stopped'));
      };

      const processorOptions: CaptureProcessorOptions = {
        maxSamples: options.maxSeconds === null ? null : Math.round(options.maxSeconds * rate),
        batchSize: BATCH_SIZE,
        levelInterval: Math.round(rate / LEVEL_REPORTS_PER_SECOND),
      };
      const node = new AudioWorkletNode(context, CAPTURE_PROCESSOR_NAME, {
        numberOfInputs: 1,
        numberOfOutputs: 0,
        channelCount: 1,
        channelCountMode: 'explicit',
        channelInterpretation: 'speakers',
        processorOptions,
      });
      const command = (message: WorkletCommand, transfer: Transferable[] = []) => node.port.postMessage(message, transfer);
      command({ type: 'connect', encoderPort: channel.port1 }, [channel.port1]);
      node.port.onmessage = (event: MessageEvent<WorkletReport>) => {
        const report = event.data;
        if (report.type === 'level') events.onLevel(report.rms, report.capturedSamples / rate);
        else events.onLimitReached(report.capturedSamples / rate);
      };
      node.onprocessorerror = () => events.onError(new Error('The audio capture stopped'));
      source.connect(node);
      track.addEventListener('ended', onEnded);
      // Contexts created outside a user gesture start suspended.
      await context.resume();

      return {
        sampleRate: rate,
        pause: () => command({ type: 'pause' }),
        resume: () => command({ type: 'resume' }),
        stop: () => command({ type: 'stop' }),
        close,
      };
    } catch (error) {
      close();
      throw error;
    }
  };
}

/**
 * The held blob URL first (no network needed); the served URL when there is none, or when a
 * host's content security policy refuses blob: modules.
 */
async function addCaptureWorklet(context: AudioContext, factories: BrowserPipelineFactories): Promise<void> {
  const held = factories.heldCaptureWorkletUrl?.();
  if (held) {
    try {
      await context.audioWorklet.addModule(held);
      return;
    } catch {
      // Fall through to the served module.
    }
  }
  await context.audioWorklet.addModule(factories.captureWorkletUrl);
}
