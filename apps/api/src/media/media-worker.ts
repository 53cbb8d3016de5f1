import { probeAudio } from './audio-file.ts';
import { readMp3 } from './mp3.ts';
import { reencodeToMp3 } from './mp3-encoder.ts';
import { writePcm16k } from './pcm16k.ts';
import type { MediaTask } from './media-pool.ts';
import { serveWorkerTasks } from './worker-pool.ts';

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
  }
});
