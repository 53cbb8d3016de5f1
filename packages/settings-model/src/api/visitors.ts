import { z } from 'zod';
import { contactFormSettingsSchema } from '../personalisation.ts';
import { recordingSchema } from '../recording.ts';
import { recordingTitleSchema } from '../recording-title.ts';
import { themeSchema } from '../theme.ts';
import { publicUserSchema } from '../user.ts';
import { emailSchema, isoDateTimeSchema } from '../validation.ts';

/*
 * What anonymous visitors send and read: replies, comments, listens, the contact form and the
 * collect page (issue 4). A visitor's public page is identified by the owner's share code
 * (the user's inviteCode): /contact-form/{code} and /collect/{code}.
 */

export const publicCodeSchema = z.string().regex(/^[A-Za-z0-9]{4,32}$/, { error: 'must be a share code' });
export const publicCodeParamsSchema = z.object({ code: publicCodeSchema });

/** A visitor's display name: optional, trimmed, at most 80 characters. */
export const visitorNameSchema = z.string().trim().max(80, { error: 'must be at most 80 characters' }).nullish();

/**
 * The honeypot: a field people never see (hidden from them and from screen readers) that bots
 * fill in. The server answers such a submission as if it were accepted and keeps nothing.
 */
export const honeypotSchema = z.string().max(2000).optional();

/** Where a visitor's recording goes: a reply to a message, a contact form, or a collection. */
export const visitorTargetSchema = z.string().regex(/^(reply:[A-Za-z0-9_-]{6,64}|form:[A-Za-z0-9]{4,32}|collect:[A-Za-z0-9]{4,32})$/, {
  error: 'target must be reply:{recordingId}, form:{code} or collect:{code}',
});

export type VisitorTarget = { kind: 'reply'; recordingId: string } | { kind: 'form'; code: string } | { kind: 'collect'; code: string };

/** "reply:abc" → {kind: 'reply', recordingId: 'abc'}; call it on a value the schema accepted. */
export function parseVisitorTarget(target: string): VisitorTarget {
  const [kind, value = ''] = target.split(':', 2) as [string, string];
  if (kind === 'reply') return { kind, recordingId: value };
  if (kind === 'form') return { kind, code: value };
  return { kind: 'collect', code: value };
}

export const commentSchema = z.object({
  id: z.uuid(),
  /** "Someone" when the visitor gave no name. */
  name: z.string(),
  text: z.string(),
  createdAt: isoDateTimeSchema,
});
export type Comment = z.infer<typeof commentSchema>;

/** GET comments/{id}: whether comments are on for this message, and the comments, oldest first. */
export const commentsResponseSchema = z.object({
  enabled: z.boolean(),
  comments: z.array(commentSchema),
});

/** DELETE comments/{commentId}. */
export const commentIdParamsSchema = z.object({ id: z.uuid() });

/** POST comments/{id}. */
export const newCommentSchema = z.object({
  name: visitorNameSchema,
  text: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(1, { error: 'Write a comment first' })
    .max(2000, { error: 'must be at most 2000 characters' }),
  website: honeypotSchema,
});
export type NewComment = z.input<typeof newCommentSchema>;

/** GET replies/{id}: the voice replies to one of my messages, oldest first. */
export const repliesResponseSchema = z.object({ replies: z.array(recordingSchema) });

/** GET contact-form/{code}: what the form shows, from its owner's settings with the spec's defaults. */
export const contactFormPayloadSchema = z.object({
  code: publicCodeSchema,
  user: publicUserSchema,
  /** The owner's display name, "Someone" when they never set one. */
  name: z.string(),
  strings: contactFormSettingsSchema.shape.strings,
  theme: themeSchema,
  /** Free-plan owners carry the product's branding. */
  branding: z.boolean(),
});
export type ContactFormPayload = z.infer<typeof contactFormPayloadSchema>;

/** POST contact-form/{code}/messages: a written message ("Send a message instead"). */
export const contactMessageSchema = z.object({
  email: emailSchema,
  message: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(1, { error: 'Write your message first' })
    .max(5000, { error: 'must be at most 5000 characters' }),
  subject: recordingTitleSchema.nullish(),
  name: visitorNameSchema,
  website: honeypotSchema,
});
export type ContactMessage = z.input<typeof contactMessageSchema>;

/** GET collect/{code}: the collect page: whose collection, its title and theme. */
export const collectPayloadSchema = z.object({
  code: publicCodeSchema,
  user: publicUserSchema,
  name: z.string(),
  title: z.string(),
  theme: themeSchema,
  branding: z.boolean(),
});
export type CollectPayload = z.infer<typeof collectPayloadSchema>;

/** GET oembed?url=&maxwidth=&maxheight=&format=: only JSON is offered (format=xml answers 501). */
export const oembedQuerySchema = z.object({
  url: z.string({ error: 'url is required' }).min(1, { error: 'url is required' }).max(2048),
  maxwidth: z.coerce.number().int().positive().max(10_000).optional(),
  maxheight: z.coerce.number().int().positive().max(10_000).optional(),
  format: z.string().max(20).default('json'),
});

/** GET oembed?url=...: the oEmbed answer for a listen link (type rich: the embed player). */
export const oembedResponseSchema = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  provider_name: z.string(),
  provider_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  html: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The waveform picture; absent when its size is not known (oEmbed: all three, or none). */
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().positive().optional(),
  thumbnail_height: z.number().int().positive().optional(),
  cache_age: z.number().int().nonnegative().optional(),
});
export type OembedResponse = z.infer<typeof oembedResponseSchema>;
