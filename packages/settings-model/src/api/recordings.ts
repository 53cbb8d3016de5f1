import { z } from 'zod';
import { folderNameSchema, folderSchema } from '../folder.ts';
import { DEFAULT_PLATFORM, platformSchema } from '../platform.ts';
import { conversationKeySchema } from '../conversation.ts';
import { peaksSchema, privateRecordingPrivacySchema, recordingPrivacySchema, recordingSchema } from '../recording.ts';
import { emailSchema, isoDateTimeSchema, recordingIdSchema, uuidSchema } from '../validation.ts';
import { recordingTitleSchema } from '../recording-title.ts';
import { visitorNameSchema, visitorTargetSchema } from './visitors.ts';

/** GET get-vocal?platform=...: reserves a recording id for an upload. */
export const getVocalQuerySchema = z.object({
  platform: platformSchema.default(DEFAULT_PLATFORM),
  /** Where in the host it is recorded, so its replies are shown back there. */
  conversation: conversationKeySchema.optional(),
});
export type GetVocalQuery = z.input<typeof getVocalQuerySchema>;
/**
 * GET get-vocal-free: the unauthenticated variant, for visitors (contact form, collect page,
 * replies); the reservation names whose page it is for.
 */
export const getVocalFreeQuerySchema = z.object({
  platform: platformSchema.default(DEFAULT_PLATFORM),
  /** The listen page, contact form or collection the visitor records into. */
  target: visitorTargetSchema,
});
export type GetVocalFreeQuery = z.input<typeof getVocalFreeQuerySchema>;

export const getVocalResponseSchema = z.object({ id: recordingIdSchema });
export type GetVocalResponse = z.infer<typeof getVocalResponseSchema>;

/** Longest message the server accepts from any plan: four hours. */
export const MAX_DURATION_SECONDS = 4 * 60 * 60;

/** The JSON `context` field of POST upload-vocal. */
export const uploadContextSchema = z.object({
  id: recordingIdSchema,
  platform: platformSchema.default(DEFAULT_PLATFORM),
  duration: z.number().finite().positive().max(MAX_DURATION_SECONDS),
  peaks: peaksSchema,
  subject: recordingTitleSchema.nullish(),
  /** The recording this one answers, for replies from a listen page. */
  replyTo: recordingIdSchema.nullish(),
  /** The sender's address, for contact-form and collect messages. */
  email: emailSchema.nullish(),
  /** The visitor's name, for replies, contact-form and collect messages. */
  name: visitorNameSchema,
});
export type UploadContext = z.input<typeof uploadContextSchema>;

/** 200 from upload-vocal: the id and the listen link, and the stored files for hosts' previews. */
export const uploadResponseSchema = z.object({
  id: recordingIdSchema,
  url: z.string(),
  audioUrl: z.string().optional(),
  imageUrl: z.string().optional(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** GET audio: newest upload first. */
export const audiosResponseSchema = z.object({ audios: z.array(recordingSchema) });

/** GET recordings: the folders, the first one (uuid null) holding what is in no folder. */
export const foldersResponseSchema = z.object({ folders: z.array(folderSchema) });

export const createFolderSchema = z.object({ name: folderNameSchema });
export const renameFolderSchema = z.object({ uuid: uuidSchema, name: folderNameSchema });
export const deleteFolderSchema = z.object({ uuid: uuidSchema });
export const folderCreatedSchema = z.object({ uuid: uuidSchema, name: z.string() });

/** POST recordings: moves a recording into a folder (null: out of any folder). */
export const moveRecordingSchema = z.object({
  audio_uuid: recordingIdSchema,
  folder_id: uuidSchema.nullable(),
});

/** A message's password: what a listener types, so no rule beyond a sane length. */
export const MESSAGE_PASSWORD_MIN = 4;
export const MESSAGE_PASSWORD_MAX = 200;
export const messagePasswordSchema = z
  .string()
  .min(MESSAGE_PASSWORD_MIN, `The password needs at least ${MESSAGE_PASSWORD_MIN} characters`)
  .max(MESSAGE_PASSWORD_MAX, `The password may have at most ${MESSAGE_PASSWORD_MAX} characters`);

/**
 * POST edit/{id}: what an owner may change about a recording. `privacy: 'password'` needs a
 * `password` (a new one replaces the old); `privacy: 'public'` and `privacy: 'team'` remove it
 * and take none.
 */
export const editRecordingSchema = z
  .object({
    subject: recordingTitleSchema.nullable().optional(),
    expiryDate: isoDateTimeSchema.nullable().optional(),
    privacy: recordingPrivacySchema.optional(),
    password: messagePasswordSchema.optional(),
  })
  .strict()
  .superRefine((edit, context) => {
    if (edit.privacy === 'password' && edit.password === undefined) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'A password-protected message needs a password' });
    }
    if (edit.password !== undefined && edit.privacy !== 'password') {
      context.addIssue({ code: 'custom', path: ['password'], message: "A password is sent only with privacy: 'password'" });
    }
  });

/** POST unlock-vocal/{id}: a listener's password for a protected message. */
export const unlockVocalSchema = z.object({ password: z.string().min(1, 'Type the password').max(MESSAGE_PASSWORD_MAX) }).strict();
export type UnlockVocal = z.output<typeof unlockVocalSchema>;

/** The answer to a right password: a signed token for view-vocal (header X-Unlock-Token), valid until `expiresAt`. */
export const unlockVocalResponseSchema = z.object({ token: z.string(), expiresAt: isoDateTimeSchema });
export type UnlockVocalResponse = z.infer<typeof unlockVocalResponseSchema>;

/**
 * What view-vocal and the listen routes answer for a protected message to a request that may not
 * open it: `privacy` says what would open it (its password, or signing in as a member of its
 * sender's team). Servers before team-only links sent no `privacy`: theirs were passwords.
 */
export const protectedMessageSchema = z.object({
  msg: z.string(),
  protected: z.literal(true),
  privacy: privateRecordingPrivacySchema.default('password'),
});
export type ProtectedMessage = z.infer<typeof protectedMessageSchema>;

export { UNLOCK_TOKEN_HEADER } from '../visitor/listen-visitor-parsers.ts';
/** What link previews, oEmbed and the embed player say of a protected message, and nothing more. */
export const PRIVATE_MESSAGE_TITLE = 'A private voice message';

export type EditRecording = z.output<typeof editRecordingSchema>;

export const recordingIdParamsSchema = z.object({ id: recordingIdSchema });

/** GET /views/{id}: listens per day. */
export const viewsResponseSchema = z.object({
  data: z.array(z.object({ date: z.string(), views: z.number().int().nonnegative() })),
});
export type ViewsResponse = z.infer<typeof viewsResponseSchema>;

export const okResponseSchema = z.object({ ok: z.boolean() });
