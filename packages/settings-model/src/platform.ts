import { z } from 'zod';
import { HOST_APPS, hostPlatformsOf } from './host-apps.ts';

/** The platform values the host apps record with (host-apps.ts lists them per host). */
export type HostPlatform = (typeof HOST_APPS)[keyof typeof HOST_APPS]['platforms'][number];

/**
 * The host surfaces the client runs in (spec section 1): the web app and the contact form, then
 * each host app's values. "web" in the spec is the value `webapp`, which is also the default.
 */
export const PLATFORMS = ['webapp', 'contact-form', ...hostPlatformsOf(HOST_APPS)] as unknown as readonly [
  'webapp',
  'contact-form',
  ...HostPlatform[],
];

export const DEFAULT_PLATFORM = 'webapp' satisfies Platform;

export const platformSchema = z.enum(PLATFORMS, {
  error: () => `platform must be one of ${PLATFORMS.join(', ')}`,
});

export type Platform = z.infer<typeof platformSchema>;
