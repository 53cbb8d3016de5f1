import { availableParallelism } from 'node:os';
import type { AudioProbe } from './audio-file.ts';
import type { ReencodeResult } from './mp3-encoder.ts';
import type { NormalisedPicture, PictureTask } from './picture-render.ts';
import { createWorkerPool } from './worker-pool.ts';

export type MediaTask =
  | { kind: 'reencode'; bytes: Uint8Array }
  | { kind: 'pcm16k'; bytes: Uint8Array; path: string }
  | { kind: 'probe'; bytes: Uint8Array }
  | { kind: 'card'; svg: string }
  | ({ kind: 'picture' } & PictureTask);

/**
 * Decoding and encoding audio, off the event loop. Every method takes an optional signal:
 * aborting rejects at once and stops the work (the worker running it is replaced).
 */
export type MediaPool = {
  /** Normalised mono MP3 (mp3-encoder.ts); `durationSeconds` is the MP3's own. */
  reencode(bytes: Uint8Array, signal?: AbortSignal): Promise<ReencodeResult>;
  /** 16 kHz mono 16-bit PCM written to `path` (for a recogniser); answers the samples written. */
  decodeToPcm16kFile(bytes: Uint8Array, path: string, signal?: AbortSignal): Promise<{ samples: number }>;
  /** probeAudio, for callers that would rather not spend the event loop on a long file. */
  probe(bytes: Uint8Array, signal?: AbortSignal): Promise<AudioProbe | null>;
  /** A link-preview card's SVG drawn to PNG (preview-card-render.ts); ended after `runningMs` of drawing. */
  renderCard(svg: string, signal?: AbortSignal, runningMs?: number): Promise<Uint8Array>;
  /** An uploaded picture decoded, fitted and encoded anew (picture-render.ts); ended after `runningMs` of decoding. */
  normalisePicture(task: PictureTask, runningMs?: number): Promise<NormalisedPicture>;
  close(): Promise<void>;
  stats(): { workers: number; busy: number; queued: number };
};

/** One core stays with the event loop; a single-core machine still gets one worker. */
export const defaultMediaWorkers = () => Math.max(1, availableParallelism() - 1);

/**
 * Tasks beyond the busy workers wait here. Jobs are already bounded by JOB_CONCURRENCY; this
 * bounds what requests could add, since each waiting task holds a copy of its bytes.
 */
const MAX_QUEUED_TASKS = 32;

/**
 * A worker's heap; audio lives in ArrayBuffers outside it, so this only stops a hostile file
 * from making one worker (not the server) run out of memory.
 */
const WORKER_HEAP_MB = 512;

/**
 * A worker that has had no task for this long ends (its heap and decoders' wasm memory go
 * back); the next task starts one again in milliseconds (docs/decisions/0030-idle-footprint.md).
 */
const WORKER_IDLE_MS = 30_000;

/** Where the worker's code is: beside the bundle (dist/media-worker.mjs) or beside this source. */
function workerEntry(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./media-worker.ts', import.meta.url) : new URL('./media-worker.mjs', import.meta.url);
}

export function createMediaPool(options: { workers: number }): MediaPool {
  const pool = createWorkerPool({
    entry: workerEntry(),
    size: options.workers,
    maxQueued: MAX_QUEUED_TASKS,
    name: 'media',
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    idleMs: WORKER_IDLE_MS,
  });
  // The caller keeps its bytes: each task gets a copy (a memcpy, cheap beside the decoding).
  const run = <Result>(task: MediaTask, signal?: AbortSignal, runningMs?: number) => pool.run<Result>(task, { signal, runningMs });
  return {
    reencode: (bytes, signal) => run({ kind: 'reencode', bytes }, signal),
    decodeToPcm16kFile: (bytes, path, signal) => run({ kind: 'pcm16k', bytes, path }, signal),
    probe: (bytes, signal) => run({ kind: 'probe', bytes }, signal),
    renderCard: (svg, signal, runningMs) => run({ kind: 'card', svg }, signal, runningMs),
    normalisePicture: (task, runningMs) => run({ kind: 'picture', ...task }, undefined, runningMs),
    close: () => pool.close(),
    stats: () => pool.stats(),
  };
}
