import { performance } from 'node:perf_hooks';
import { createMp3Encoder, DEFAULT_MP3_BITRATE } from '../src/mp3-encoder.ts';
import { readMp3WasmInNode } from '../src/testing/node-mp3-wasm.ts';
import { recordResult } from '@vocal/bench';

/**
 * MP3 encode speed in Node, as the worker encodes: 60 s of 48 kHz mono in 4096-sample batches
 * at 64 kbps. Prints one JSON line; the best of three runs is the figure (the machine is shared,
 * and the best run is the one least disturbed by others).
 */
const AUDIO_SECONDS = 60;
const SAMPLE_RATE = 48_000;
const BATCH = 4096;
const RUNS = 3;

function speechLikePcm(): Float32Array {
  const samples = new Float32Array(AUDIO_SECONDS * SAMPLE_RATE);
  let seed = 1;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 30 - 1;
  };
  for (let index = 0; index < samples.length; index++) {
    const time = index / SAMPLE_RATE;
    // Syllable-rate loudness over a few harmonics and some noise: harder to encode than a tone.
    const envelope = 0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * time);
    const voice =
      Math.sin(2 * Math.PI * 140 * time) + 0.5 * Math.sin(2 * Math.PI * 280 * time) + 0.25 * Math.sin(2 * Math.PI * 1_120 * time);
    samples[index] = 0.3 * envelope * voice * 0.6 + 0.05 * noise();
  }
  return samples;
}

const wasm = await readMp3WasmInNode();
const pcm = speechLikePcm();
const loadStarted = performance.now();
await createMp3Encoder(wasm, { sampleRate: SAMPLE_RATE });
const loadMs = performance.now() - loadStarted;

const durations: number[] = [];
let bytes = 0;
for (let run = 0; run < RUNS; run++) {
  const encoder = await createMp3Encoder(wasm, { sampleRate: SAMPLE_RATE });
  const started = performance.now();
  bytes = 0;
  for (let offset = 0; offset < pcm.length; offset += BATCH) bytes += encoder.encode(pcm.subarray(offset, offset + BATCH)).byteLength;
  bytes += encoder.finish().byteLength;
  durations.push(performance.now() - started);
}

const bestMs = Math.min(...durations);
await recordResult({
  suite: 'recorder',
  name: `MP3 encode speed (60 s, 48 kHz mono, ${DEFAULT_MP3_BITRATE} kbps)`,
  value: Math.round((AUDIO_SECONDS * 1000) / bestMs),
  unit: 'x real time',
  target: { value: 50, better: 'higher' },
  method: `best of ${RUNS} runs in Node, LAME wasm; ${durations.map(Math.round).join(', ')} ms; wasm load ${Math.round(loadMs)} ms; ${bytes} bytes`,
});
