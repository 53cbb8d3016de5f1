import {
  CAPTURE_PROCESSOR_NAME,
  type CaptureProcessorOptions,
  type SampleMessage,
  type WorkletCommand,
  type WorkletReport,
} from './capture-protocol.ts';

// The AudioWorkletGlobalScope is in no TypeScript library: the little this file uses.
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor(options?: { processorOptions?: unknown });
}
declare function registerProcessor(
  name: string,
  processor: new (options: { processorOptions: CaptureProcessorOptions }) => AudioWorkletProcessor,
): void;

/**
 * Runs on the audio thread: takes the microphone's mono PCM in 128-sample quanta, batches it
 * and transfers each batch to the encoder worker, reports the level to the main thread, and
 * enforces the plan's length limit to the sample.
 */
class CaptureProcessor extends AudioWorkletProcessor {
  private encoderPort: MessagePort | null = null;
  /** Batches captured before the encoder's port arrived: messages race the first quanta. */
  private unsent: Array<{ message: SampleMessage; transfer: Transferable[] }> = [];
  private batch: Float32Array;
  private filled = 0;
  private captured = 0;
  private paused = false;
  private ended = false;
  private levelPeak = 0;
  /** Sum of squares since the last level report, for its RMS. */
  private levelSquares = 0;
  private sinceLevel = 0;
  private readonly options: CaptureProcessorOptions;

  constructor(init: { processorOptions: CaptureProcessorOptions }) {
    super(init);
    this.options = init.processorOptions;
    this.batch = new Float32Array(this.options.batchSize);
    this.port.onmessage = (event: MessageEvent<WorkletCommand>) => this.command(event.data);
  }

  private command(command: WorkletCommand) {
    if (command.type === 'connect') {
      this.encoderPort = command.encoderPort;
      for (const { message, transfer } of this.unsent.splice(0)) this.encoderPort.postMessage(message, transfer);
    } else if (command.type === 'pause') this.paused = true;
    else if (command.type === 'resume') this.paused = false;
    else this.end();
  }

  private send(message: SampleMessage, transfer: Transferable[] = []) {
    if (this.encoderPort) this.encoderPort.postMessage(message, transfer);
    else this.unsent.push({ message, transfer });
  }

  private report(message: WorkletReport) {
    this.port.postMessage(message);
  }

  private flushBatch() {
    if (this.filled === 0) return;
    const full = this.filled === this.batch.length ? this.batch : this.batch.slice(0, this.filled);
    this.send({ type: 'samples', samples: full }, [full.buffer]);
    this.batch = new Float32Array(this.options.batchSize);
    this.filled = 0;
  }

  private end() {
    if (this.ended) return;
    this.ended = true;
    this.flushBatch();
    this.send({ type: 'end' });
  }

  private capture(input: Float32Array) {
    const { maxSamples } = this.options;
    const allowed = maxSamples === null ? input.length : Math.min(input.length, maxSamples - this.captured);
    let offset = 0;
    while (offset < allowed) {
      const count = Math.min(allowed - offset, this.batch.length - this.filled);
      this.batch.set(input.subarray(offset, offset + count), this.filled);
      this.filled += count;
      offset += count;
      if (this.filled === this.batch.length) this.flushBatch();
    }
    this.captured += allowed;
    if (maxSamples !== null && this.captured >= maxSamples) {
      this.report({ type: 'limit-reached', capturedSamples: this.captured });
      this.end();
    }
  }

  process(inputs: Float32Array[][]): boolean {
    if (this.ended) return false;
    const input = inputs[0]?.[0];
    if (!input) return true;
    if (!this.paused) this.capture(input);
    for (let index = 0; index < input.length; index++) {
      const sample = input[index] ?? 0;
      const value = Math.abs(sample);
      if (value > this.levelPeak) this.levelPeak = value;
      this.levelSquares += sample * sample;
    }
    this.sinceLevel += input.length;
    if (this.sinceLevel >= this.options.levelInterval) {
      const rms = Math.sqrt(this.levelSquares / this.sinceLevel);
      this.report({ type: 'level', peak: this.paused ? 0 : this.levelPeak, rms: this.paused ? 0 : rms, capturedSamples: this.captured });
      this.levelPeak = 0;
      this.levelSquares = 0;
      this.sinceLevel = 0;
    }
    return true;
  }
}

registerProcessor(CAPTURE_PROCESSOR_NAME, CaptureProcessor);
