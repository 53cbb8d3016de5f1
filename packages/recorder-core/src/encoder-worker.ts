import type { EncoderCommand, EncoderReport, SampleMessage } from './capture-protocol.ts';
import { createMp3Encoder, type Mp3Bitrate, type Mp3Encoder } from './mp3-encoder.ts';
import { createEnvelopeBuilder, type EnvelopeBuilder } from './peaks.ts';

/**
 * The MP3 encoder's thread: PCM arrives from the capture worklet on a MessagePort and leaves as
 * MP3 bytes to the main thread, while the user speaks. Samples that arrive before LAME is
 * loaded wait in a queue.
 */
type WorkerScope = {
  postMessage(message: EncoderReport, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<EncoderCommand>) => void) | null;
};
// The package compiles against the DOM library; the worker scope is typed by hand rather than
// mixing in the WebWorker library, whose globals clash with the DOM's.
const scope = self as unknown as WorkerScope;

let encoder: Mp3Encoder | null = null;
let envelope: EnvelopeBuilder | null = null;
const waiting: SampleMessage[] = [];

const report = (message: EncoderReport) => {
  if (message.type === 'error') scope.postMessage(message);
  else scope.postMessage(message, [message.bytes.buffer as ArrayBuffer]);
};

function handle(message: SampleMessage, ready: Mp3Encoder, builder: EnvelopeBuilder) {
  if (message.type === 'samples') {
    report({
      type: 'chunk',
      bytes: ready.encode(message.samples),
      envelope: builder.add(message.samples),
      sampleCount: message.samples.length,
    });
    return;
  }
  report({ type: 'finished', bytes: ready.finish(), envelope: builder.flush(), sampleCount: 0 });
  encoder = null;
}

function receive(message: SampleMessage) {
  if (!encoder || !envelope) {
    waiting.push(message);
    return;
  }
  try {
    handle(message, encoder, envelope);
  } catch (error) {
    report({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

scope.onmessage = async (event: MessageEvent<EncoderCommand>) => {
  const command = event.data;
  if (command.type !== 'start') return;
  command.samplePort.onmessage = (sampleEvent: MessageEvent<SampleMessage>) => receive(sampleEvent.data);
  try {
    encoder = await createMp3Encoder(command.wasm ?? (await fetchWasm(command.wasmUrl)), {
      sampleRate: command.sampleRate,
      bitrate: command.bitrate as Mp3Bitrate,
    });
    envelope = createEnvelopeBuilder(command.envelopeBlockSize);
  } catch (error) {
    report({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  for (const message of waiting.splice(0)) receive(message);
};

/** Fetched as bytes rather than streamed: no dependence on the server's wasm MIME type. */
async function fetchWasm(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the MP3 encoder (${response.status} ${url})`);
  return response.arrayBuffer();
}
