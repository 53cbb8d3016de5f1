import type { ApiClient } from '@vocal/api-client';
import type { CreateRecorderOptions, RecordingPlan } from '@vocal/recorder-core';
import { VISITOR_LIMITS, type Platform, type UploadContext } from '@vocal/settings-model';

/** What a visitor may record: the server's cap for visitors, no pausing. */
export const VISITOR_RECORDING_PLAN: RecordingPlan = { maxRecordingSeconds: VISITOR_LIMITS.maxRecordingSeconds, pausing: false };

/**
 * The two calls the recorder makes, for someone without an account: the reservation names
 * whose page it is for (a reply, a contact form, a collection), and the upload adds what the
 * visitor typed (their name and email) at the moment it is sent.
 */
export function visitorRecorderApi(
  api: ApiClient,
  options: {
    target: string;
    platform: Platform;
    details?: () => Pick<UploadContext, 'email' | 'name' | 'subject'>;
    /** `optional`: a signed-in visitor's token goes with the upload, so the owner's answer can reach them (decision 0065). */
    auth?: 'optional' | 'none';
  },
): CreateRecorderOptions['api'] {
  return {
    getVocal: () => api.getVocalFree({ platform: options.platform, target: options.target }),
    uploadVocal: (input) =>
      api.uploadVocal({ ...input, context: { ...input.context, ...options.details?.() } }, { auth: options.auth ?? 'none' }),
    progressiveUploads: () => api.progressiveUploads(options.auth ?? 'none'),
  };
}
