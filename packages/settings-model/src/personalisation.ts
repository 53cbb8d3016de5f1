import { z } from 'zod';
import { DEFAULT_NAMES } from './constants.ts';
import { themeIndexSchema, themeSchema } from './theme.ts';
import { DEFAULT_THEMES } from './theme-presets.ts';
import { httpUrlSchema, userNameSchema } from './validation.ts';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
const label = (fallback: string, max = 120) =>
  text(max)
    .nullish()
    .transform((value) => (value ? value : fallback));

export const personalisationUserSchema = z.object({
  name: userNameSchema.default(DEFAULT_NAMES.you),
  avatarUrl: httpUrlSchema.nullable().default(null),
});

export const notificationDefaultsSchema = z.object({
  notifications: z.boolean().default(true),
  transcriptions: z.boolean().default(true),
});

/**
 * Which notification mails the owner wants, kind by kind, under `defaults.notifications`
 * (still the one switch for "mail me at all", so hosts and older clients that only know it
 * keep working). With `digest` on, the kinds that are on arrive as one mail a day instead of
 * one mail each.
 */
export const notificationSettingsSchema = z.object({
  reply: z.boolean().default(true),
  comment: z.boolean().default(true),
  contactForm: z.boolean().default(true),
  collect: z.boolean().default(true),
  /** A delivery receipt: the first time someone other than the owner hears a message of theirs. */
  firstListen: z.boolean().default(true),
  digest: z.boolean().default(false),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** The mails a one-click unsubscribe link can turn off: one kind, or `all` (defaults.notifications). */
export const NOTIFICATION_MAIL_KINDS = ['reply', 'comment', 'contactForm', 'collect', 'firstListen'] as const;
export type NotificationMailKind = (typeof NOTIFICATION_MAIL_KINDS)[number];
export const unsubscribeKindSchema = z.enum([...NOTIFICATION_MAIL_KINDS, 'all']);
export type UnsubscribeKind = z.infer<typeof unsubscribeKindSchema>;

export const ATTACHMENT_DEFAULT_NAME = 'Voice memo';
export const attachmentSettingsSchema = z.object({
  name: label(ATTACHMENT_DEFAULT_NAME, 100).default(ATTACHMENT_DEFAULT_NAME),
  enabled: z.boolean().default(false),
});

export const recorderSettingsSchema = z.object({
  /** The microphone to use; null means the system default. */
  deviceId: z.string().max(512).nullable().default(null),
  /**
   * Stop hands out the link at once instead of opening the review step (listen back, title,
   * re-record, discard): for people who prefer one click. Open to every plan: the spec's
   * Free rule "no customization" is about branding, not this.
   */
  skipReview: z.boolean().default(false),
});

export const SIGNATURE_DEFAULT_MESSAGE = 'Hey, check out my voice message!';
export const signatureSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  message: label(SIGNATURE_DEFAULT_MESSAGE, 500).default(SIGNATURE_DEFAULT_MESSAGE),
  theme: themeIndexSchema,
});

export const CONTACT_FORM_STRING_DEFAULTS = {
  title: 'Send us a message',
  subtitle: 'via voice message',
  micPermissionTitle: 'We need access to your mic',
  micPermissionButton: 'Grant permission',
  writeInstead: 'Send a message instead',
  messagePlaceholder: 'Write your message here',
  startRecording: 'Start recording',
  stopRecording: 'Stop recording',
  emailPlaceholder: 'Enter your email address',
} as const;

type ContactFormStringKey = keyof typeof CONTACT_FORM_STRING_DEFAULTS;
const contactFormStringsShape = Object.fromEntries(
  Object.entries(CONTACT_FORM_STRING_DEFAULTS).map(([key, fallback]) => [key, label(fallback, 200).default(fallback)]),
) as { [K in ContactFormStringKey]: z.ZodDefault<ReturnType<typeof label>> };

export const contactFormSettingsSchema = z.object({
  theme: themeIndexSchema,
  strings: z.object(contactFormStringsShape).prefault({}),
});

export const LISTEN_PAGE_DEFAULTS = {
  ctaMessage: 'Send a voice message like this',
  ctaButton: 'Join for free',
  replyLabel: 'Reply',
  sharedWithYou: 'shared this voice message with you',
} as const;

export const listenPageSettingsSchema = z.object({
  theme: themeIndexSchema,
  date: z.object({ shown: z.boolean().default(true) }).prefault({}),
  logoUrl: httpUrlSchema.nullable().default(null),
  comments: z.object({ enabled: z.boolean().default(true) }).prefault({}),
  /**
   * The Download button for visitors. Off hides the button only: the audio file stays at its
   * public address, as the player needs it (so this is a nudge, not access control).
   */
  download: z.object({ enabled: z.boolean().default(true) }).prefault({}),
  cta: z
    .object({
      enabled: z.boolean().default(true),
      /** Where the button goes; null means the product's own sign-up page. Only http(s). */
      link: httpUrlSchema.nullable().default(null),
      message: label(LISTEN_PAGE_DEFAULTS.ctaMessage, 200).default(LISTEN_PAGE_DEFAULTS.ctaMessage),
      button: label(LISTEN_PAGE_DEFAULTS.ctaButton, 60).default(LISTEN_PAGE_DEFAULTS.ctaButton),
    })
    .prefault({}),
  reply: z
    .object({
      enabled: z.boolean().default(true),
      label: label(LISTEN_PAGE_DEFAULTS.replyLabel, 60).default(LISTEN_PAGE_DEFAULTS.replyLabel),
    })
    .prefault({}),
  strings: z
    .object({
      sharedWithYou: label(LISTEN_PAGE_DEFAULTS.sharedWithYou, 200).default(LISTEN_PAGE_DEFAULTS.sharedWithYou),
    })
    .prefault({}),
});

/** Every personalisation group with the spec's defaults (section 3). */
export const personalisationSchema = z.object({
  user: personalisationUserSchema.prefault({}),
  themes: z
    .array(themeSchema)
    .min(1)
    .max(50)
    .default(() => DEFAULT_THEMES.map((theme) => ({ ...theme }))),
  defaults: notificationDefaultsSchema.prefault({}),
  notifications: notificationSettingsSchema.prefault({}),
  attachment: attachmentSettingsSchema.prefault({}),
  recorder: recorderSettingsSchema.prefault({}),
  signature: signatureSettingsSchema.prefault({}),
  contactForm: contactFormSettingsSchema.prefault({}),
  listenPage: listenPageSettingsSchema.prefault({}),
});

export type Personalisation = z.infer<typeof personalisationSchema>;
export type PersonalisationInput = z.input<typeof personalisationSchema>;
export type ListenPageSettings = z.infer<typeof listenPageSettingsSchema>;
export type ContactFormSettings = z.infer<typeof contactFormSettingsSchema>;
export type SignatureSettings = z.infer<typeof signatureSettingsSchema>;
export type AttachmentSettings = z.infer<typeof attachmentSettingsSchema>;
export type RecorderSettings = z.infer<typeof recorderSettingsSchema>;

/**
 * A partial update: any group, any field. The server merges it over the stored settings and
 * parses the result with `personalisationSchema`, so the defaults and rules apply once.
 */
export const personalisationPatchSchema = z
  .object({
    user: z.record(z.string(), z.unknown()).optional(),
    themes: z.array(z.unknown()).optional(),
    defaults: z.record(z.string(), z.unknown()).optional(),
    notifications: z.record(z.string(), z.unknown()).optional(),
    attachment: z.record(z.string(), z.unknown()).optional(),
    recorder: z.record(z.string(), z.unknown()).optional(),
    signature: z.record(z.string(), z.unknown()).optional(),
    contactForm: z.record(z.string(), z.unknown()).optional(),
    listenPage: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type PersonalisationPatch = z.infer<typeof personalisationPatchSchema>;

export const defaultPersonalisation = (): Personalisation => personalisationSchema.parse({});

/** Deep-merges plain objects; arrays and scalars in `patch` replace what was there. */
export function mergeSettings<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) return (patch === undefined ? base : patch) as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    // JSON.parse makes "__proto__" an own key; assigning it would swap the prototype.
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    merged[key] = Object.hasOwn(merged, key) ? mergeSettings(merged[key], value) : value;
  }
  return merged as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
