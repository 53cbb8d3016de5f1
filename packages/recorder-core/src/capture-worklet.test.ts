import { beforeAll, describe, expect, it } from 'vitest';
import { CAPTURE_PROCESSOR_NAME, type CaptureProcessorOptions, type SampleMessage, type WorkletReport } from './capture-protocol.ts';

type FakePort = { sent: unknown[]; postMessage(message: unknown): void; onmessage: ((event: { data: unknown }) => void) | null };
const fakePort = (): FakePort => {
  const port: FakePort = { sent: [], postMessage: (message) => port.sent.push(message), onmessage: null };
  return port;
};

type Processor = { port: FakePort; process(inputs: Float32Array[][]): boolean };
let Processor: new (init: { processorOptions: CaptureProcessorOptions }) => Processor;

// The AudioWorkletGlobalScope, as much of it as the worklet touches.
beforeAll(async () => {
  const scope = globalThis as Record<string, unknown>;
  scope.AudioWorkletProcessor = class {
    port = fakePort();
  };
  scope.registerProcessor = (name: string, processor: typeof Processor) => {
    expect(name).toBe(CAPTURE_PROCESSOR_NAME);
    Processor = processor;
  };
  await import('./capture-worklet.ts');
});

const quantum = (value: number) => new Float32Array(128).fill(value);

function processorWith(options: Partial<CaptureProcessorOptions> = {}) {
  const processor = new Processor({ processorOptions: { maxSamples: null, batchSize: 256, levelInterval: 256, ...options } });
  const encoder = fakePort();
  const command = (data: unknown) => processor.port.onmessage?.({ data });
  const samples = () =>
    encoder.sent.filter((message): message is Extract<SampleMessage, { type: 'samples' }> => (message as SampleMessage).type === 'samples');
  return { processor, encoder, command, samples, reports: () => processor.port.sent as WorkletReport[] };
}

describe('capture worklet', () => {
  it('batches quanta for the encoder, including those captured before its port arrived', () => {
    const { processor, encoder, command, samples } = processorWith();
    processor.process([[quantum(0.1)]]);
    processor.process([[quantum(0.2)]]);
    command({ type: 'connect', encoderPort: encoder });
    processor.process([[quantum(0.3)]]);
    command({ type: 'stop' });
    expect(samples().map((message) => message.samples.length)).toEqual([256, 128]);
    expect(encoder.sent.at(-1)).toEqual({ type: 'end' });
    expect(processor.process([[quantum(0.4)]])).toBe(false);
  });

  it('captures exactly up to the limit, says so, and ends', () => {
    const { processor, encoder, command, samples, reports } = processorWith({ maxSamples: 300 });
    command({ type: 'connect', encoderPort: encoder });
    for (let index = 0; index < 4; index++) processor.process([[quantum(0.5)]]);
    expect(samples().reduce((total, message) => total + message.samples.length, 0)).toBe(300);
    expect(reports()).toContainEqual({ type: 'limit-reached', capturedSamples: 300 });
    expect(encoder.sent.at(-1)).toEqual({ type: 'end' });
  });

  it('skips audio while paused and reports the level about every interval', () => {
    const { processor, encoder, command, samples, reports } = processorWith();
    command({ type: 'connect', encoderPort: encoder });
    processor.process([[quantum(0.5)]]);
    command({ type: 'pause' });
    processor.process([[quantum(0.9)]]);
    command({ type: 'resume' });
    processor.process([[quantum(0.25)]]);
    command({ type: 'stop' });
    const forwarded = samples().flatMap((message) => [...message.samples]);
    expect(forwarded).toHaveLength(256);
    expect(forwarded.some((value) => Math.abs(value - 0.9) < 1e-6)).toBe(false);
    expect(reports().filter((report) => report.type === 'level')).toEqual([{ type: 'level', peak: 0, rms: 0, capturedSamples: 128 }]);
  });

  it('reports the RMS of the window beside its peak', () => {
    const { processor, reports } = processorWith();
    // A square wave of amplitude 0.5 has an RMS of 0.5; one loud sample lifts the peak only.
    const input = new Float32Array(128).map((_, index) => (index % 2 === 0 ? 0.5 : -0.5));
    input[3] = 1;
    processor.process([[input]]);
    processor.process([[quantum(0.5)]]);
    const [level] = reports().filter((report) => report.type === 'level');
    expect(level).toMatchObject({ type: 'level', peak: 1, capturedSamples: 256 });
    expect(level?.type === 'level' ? level.rms : 0).toBeCloseTo(Math.sqrt((255 * 0.25 + 1) / 256), 6);
  });
});
