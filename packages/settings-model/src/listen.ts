import { z } from 'zod';
import { DEFAULT_NAMES } from './constants.ts';
import { listenPageSettingsSchema } from './personalisation.ts';
import { publicRecordingSchema } from './recording.ts';
import { themeSchema } from './theme.ts';
import { THEME_PRESETS } from './theme-presets.ts';
import { transcriptionNoticeSchema } from './transcription.ts';
import { publicUserSchema } from './user.ts';

/** The listen page's settings: the owner's listen-page group, the display name and the theme. */
export const listenSettingsSchema = listenPageSettingsSchema.extend({
  name: z
    .string()
    .nullish()
    .transform((name) => (name && name.trim() ? name.trim() : DEFAULT_NAMES.someone)),
  theme: themeSchema.default(THEME_PRESETS.Light),
  /** Free-plan owners carry the product's branding (spec section 9). */
  branding: z.boolean().default(true),
});
export type ListenSettings = z.infer<typeof listenSettingsSchema>;

/** GET view-vocal/{id}: what a listener receives (spec section 3). */
export const publicListenPayloadSchema = z.object({
  audio: publicRecordingSchema,
  user: publicUserSchema,
  settings: listenSettingsSchema.prefault({}),
  /** Why there is no transcript, when there is something to say about it. */
  transcriptionNotice: transcriptionNoticeSchema.prefault({ configured: true, message: null }),
});
export type PublicListenPayload = z.infer<typeof publicListenPayloadSchema>;
export type PublicListenPayloadWire = z.input<typeof publicListenPayloadSchema>;
