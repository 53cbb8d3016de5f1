import { shareTitle, type Share } from '@vocal/host-contract';
import type { SignatureSettings, UploadResponse } from '@vocal/settings-model';

/**
 * The finished message as a host receives it: the listen link, the subject as title, and
 * the signature message when the signature is on (spec section 3: signature.enabled).
 */
export function buildShare(options: {
  upload: UploadResponse;
  subject: string | null | undefined;
  signature: Pick<SignatureSettings, 'enabled' | 'message'> | null | undefined;
  durationSeconds: number;
}): Share {
  const { upload, signature } = options;
  return {
    id: upload.id,
    url: upload.url,
    title: shareTitle(options.subject),
    message: signature && !signature.enabled ? null : (signature?.message ?? null),
    imageUrl: upload.imageUrl ?? '',
    durationSeconds: options.durationSeconds,
  };
}

/** The attachment's file name: the setting's name (default "Voice memo") with .mp3. */
export function attachmentFileName(name: string | null | undefined): string {
  const base = (name ?? '').trim() || 'Voice memo';
  return base.toLowerCase().endsWith('.mp3') ? base : `${base}.mp3`;
}
