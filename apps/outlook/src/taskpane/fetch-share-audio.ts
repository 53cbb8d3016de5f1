import type { ApiClient } from '@vocal/api-client';
import type { Share } from '@vocal/host-contract';

/** The MP3 of a message just shared: its public payload names the file, which we then fetch. */
export async function fetchShareAudio(api: ApiClient, share: Share): Promise<Blob | null> {
  const payload = await api.viewVocal(share.id);
  if (!payload.ok) return null;
  const response = await fetch(payload.data.audio.audioUrl);
  return response.ok ? response.blob() : null;
}
