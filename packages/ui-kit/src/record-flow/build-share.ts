import { shareTitle, type Share } from '@vocal/host-contract';
import { signatureAccent, type Personalisation, type UploadResponse } from '@vocal/settings-model';

/** What of the settings a Share is built from: the signature, and the themes its `theme` points into. */
export type ShareSettings = Pick<Personalisation, 'signature' | 'themes'>;

/**
 * The finished message as a host receives it: the listen link, the subject as title, the
 * signature message when the signature is on (spec section 3: signature.enabled), and the
 * link's colours from the signature's theme (docs/decisions/0061). Without settings (a
 * visitor's page) there is neither message nor accent. The server builds the same for a
 * handoff (apps/api recording-handoff-service).
 */
export function buildShare(options: {
  upload: UploadResponse;
  subject: string | null | undefined;
  settings: ShareSettings | null | undefined;
  durationSeconds: number;
}): Share {
  const { upload, settings } = options;
  return {
    id: upload.id,
    url: upload.url,
    title: shareTitle(options.subject),
    message: settings?.signature.enabled ? settings.signature.message : null,
    imageUrl: upload.imageUrl ?? '',
    durationSeconds: options.durationSeconds,
    accent: settings ? signatureAccent(settings) : null,
  };
}

/** The attachment's file name: the setting's name (default "Voice memo") with .mp3. */
export function attachmentFileName(name: string | null | undefined): string {
  const base = (name ?? '').trim() || 'Voice memo';
  return base.toLowerCase().endsWith('.mp3') ? base : `${base}.mp3`;
}
