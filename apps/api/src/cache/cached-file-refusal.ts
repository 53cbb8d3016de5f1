import { HttpError } from '../http/http-error.ts';
import type { AudioService } from '../recordings/audio-service.ts';
import { RECORDING_FILE } from '../recordings/recording-file-keys.ts';
import type { RecordingService } from '../recordings/recording-service.ts';

/**
 * Whether `/files/{key}` may be served, asking the database only when the public page cache
 * cannot say: a message whose public page can be served (uploaded, not deleted, not expired)
 * may have its files served too, and an audio player's range requests and the waveform come
 * right after the page. Anything else gets the precise answer of the audio service.
 */
export function cachedFileRefusal(
  audio: Pick<AudioService, 'fileRefusal'>,
  recordings: Pick<RecordingService, 'cachedPublicPage'>,
  cache: { readonly enabled: boolean },
) {
  return {
    async fileRefusal(key: string, signed = false): Promise<HttpError | null> {
      const recordingId = RECORDING_FILE.exec(key)?.[1];
      // Without a cache, building the page would cost more than the one query it replaces.
      if (recordingId && cache.enabled) {
        try {
          const cached = await recordings.cachedPublicPage(recordingId);
          // A password-protected message's files go only to signed addresses (decision 0074).
          if (!cached.page.protection || signed) return null;
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
        }
      }
      return audio.fileRefusal(key, signed);
    },
  };
}
