import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { probeAudio } from './audio-file.ts';
import { readMp3 } from './mp3.ts';
import { reencodeToMp3 } from './mp3-encoder.ts';
import { writePcm16k } from './pcm16k.ts';
import { renderCardPng } from './preview-card-render.ts';
import { normalisePicture } from './picture-render.ts';
import type { MediaTask } from './media-pool.ts';
import { serveWorkerTasks } from './worker-pool.ts';

/** Niceness of a media thread: on a machine short of cores, requests come first. */
const MEDIA_NICENESS = 10;

/**
 * Linux keeps a priority per thread (setpriority on a thread id), so this thread can step
 * back without slowing the event loop's. Elsewhere the worker keeps the normal priority.
 */
function yieldToTheEventLoop() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (threadId > 0) setPriority(threadId, MEDIA_NICENESS);
  } catch {
    // Not Linux, or not allowed: the work is the same, only less polite.
  }
}

yieldToTheEventLoop();

/**
 * The media pool's worker thread (a second entry of the production bundle, dist/media-worker.mjs).
 * Each task arrives with its own copy of the bytes; aborting is the pool's job (it ends the thread).
 */
serveWorkerTasks(async (task: MediaTask) => {
  switch (task.kind) {
    case 'reencode': {
      const result = await reencodeToMp3(task.bytes);
      // The length players will show is the one the MP3's own frames give.
      return { ...result, durationSeconds: readMp3(result.mp3)?.durationSeconds ?? result.durationSeconds };
    }
    case 'pcm16k':
      return writePcm16k(task.bytes, task.path);
    case 'probe':
      return probeAudio(task.bytes);
    case 'card':
      return renderCardPng(task.svg);
    case 'picture':
      return normalisePicture(task);
  }
});
