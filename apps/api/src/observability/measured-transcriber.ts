import type { Transcriber } from '../transcription/transcriber.ts';
import type { Metrics } from './metrics.ts';

/**
 * The transcriber with the real-time factor of each transcript it finishes recorded: seconds
 * spent (download from storage excluded, decoding included) per second of audio. Failed and
 * aborted tries are not a speed; they show in the job failures.
 */
export function measureTranscriber(transcriber: Transcriber | null, metrics: Metrics): Transcriber | null {
  if (!transcriber) return null;
  return {
    name: transcriber.name,
    async transcribe(request) {
      const started = performance.now();
      const result = await transcriber.transcribe(request);
      // A zero-length recording has no speed worth reporting.
      if (request.durationSeconds > 0) {
        const seconds = (performance.now() - started) / 1000;
        metrics.transcriptionRealTimeFactor.observe({ transcriber: transcriber.name }, seconds / request.durationSeconds);
      }
      return result;
    },
  };
}
