import { z } from 'zod';

/**
 * The host surfaces the client runs in (spec section 1). "web" in the spec is the value
 * `webapp`, which is also the default.
 */
export const PLATFORMS = [
  'webapp',
  'contact-form',
  'outlook',
  'ms-teams',
  'zendesk',
  'zoho-mail',
  'front-app',
  'mobile',
  'google-docs',
  'google-meet',
  'chrome-voice',
  'chrome-voice-popup',
] as const;

export const DEFAULT_PLATFORM = 'webapp' satisfies Platform;

export const platformSchema = z.enum(PLATFORMS, {
  error: () => `platform must be one of ${PLATFORMS.join(', ')}`,
});

export type Platform = z.infer<typeof platformSchema>;
