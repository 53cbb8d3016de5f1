import { z } from 'zod';
import { platformSchema } from './platform.ts';
import { transcriptionSchema, transcriptionStatusSchema } from './transcription.ts';
import { emailSchema, httpUrlSchema, isoDateTimeSchema, recordingIdSchema, uuidSchema } from './validation.ts';

/** Waveform peaks: one number in 0..1 per bar. */
export const peaksSchema = z.array(z.number().finite().min(0).max(1)).max(10_000);

const publicRecordingFields = {
  id: recordingIdSchema,
  isReply: z.boolean().default(false),
  subject: z.string().nullable().default(null),
  uploaded: z.boolean().default(true),
  uploadDate: isoDateTimeSchema,
  expiryDate: isoDateTimeSchema.nullable().default(null),
  peaks: peaksSchema.default([]),
  views: z.number().int().nonnegative().default(0),
  /** Seconds. */
  duration: z.number().finite().nonnegative().default(0),
  audioUrl: httpUrlSchema,
  imageUrl: httpUrlSchema,
  summary: z.string().nullable().default(null),
  transcription: transcriptionSchema.nullable().default(null),
  /** Null when no transcript was asked for. */
  transcriptionStatus: transcriptionStatusSchema.nullable().default(null),
  domain: z.string().nullable().default(null),
  platform: platformSchema.default('webapp'),
};

/**
 * Who may open a message's link: anyone (`public`), whoever knows its password (`password`), or
 * its sender's team, signed in (`team`).
 */
export const RECORDING_PRIVACIES = ['public', 'password', 'team'] as const;
export const recordingPrivacySchema = z.enum(RECORDING_PRIVACIES);
export type RecordingPrivacy = z.infer<typeof recordingPrivacySchema>;
/** The privacies that lock a link: what a refusal says would open it. */
export const privateRecordingPrivacySchema = recordingPrivacySchema.exclude(['public']);
export type PrivateRecordingPrivacy = z.infer<typeof privateRecordingPrivacySchema>;

/** Who made a recording: its owner, or a visitor replying, writing in or sending to a collection. */
export const RECORDING_ORIGINS = ['owner', 'reply', 'contact-form', 'collect'] as const;
export const recordingOriginSchema = z.enum(RECORDING_ORIGINS);
export type RecordingOrigin = z.infer<typeof recordingOriginSchema>;

/** A recording as its owner sees it (spec section 3), and what visitors sent them. */
export const recordingSchema = z.object({
  ...publicRecordingFields,
  /** Null only for a written contact-form message, which has no audio. */
  audioUrl: httpUrlSchema.nullable(),
  imageUrl: httpUrlSchema.nullable(),
  folderId: uuidSchema.nullable().default(null),
  /** The sender's address, for contact-form messages. */
  email: emailSchema.nullable().default(null),
  origin: recordingOriginSchema.default('owner'),
  /** For a reply: the message it answers. */
  replyTo: recordingIdSchema.nullable().default(null),
  /** A visitor's name, when they gave one. */
  senderName: z.string().nullable().default(null),
  /** A written contact-form message ("Send a message instead"). */
  message: z.string().nullable().default(null),
  /** `password`: its listen link asks for the password the owner set (only a hash of it is kept). */
  privacy: recordingPrivacySchema.default('public'),
});
export type Recording = z.infer<typeof recordingSchema>;
export type RecordingWire = z.input<typeof recordingSchema>;

/**
 * A recording as anyone with the link sees it: no folder and no sender email (a contact-form
 * sender's address is the owner's business, not the listener's).
 */
export const publicRecordingSchema = z.object(publicRecordingFields);
export type PublicRecording = z.infer<typeof publicRecordingSchema>;

/** Only voice messages have a public view: a written message has no audio to listen to. */
export function toPublicRecording(recording: Recording): PublicRecording {
  if (recording.audioUrl === null || recording.imageUrl === null) {
    throw new Error(`Recording ${recording.id} has no audio and no public view`);
  }
  return {
    id: recording.id,
    isReply: recording.isReply,
    subject: recording.subject,
    uploaded: recording.uploaded,
    uploadDate: recording.uploadDate,
    expiryDate: recording.expiryDate,
    peaks: recording.peaks,
    views: recording.views,
    duration: recording.duration,
    audioUrl: recording.audioUrl,
    imageUrl: recording.imageUrl,
    summary: recording.summary,
    transcription: recording.transcription,
    transcriptionStatus: recording.transcriptionStatus,
    domain: recording.domain,
    platform: recording.platform,
  };
}

/** The listen link of a recording: listen/{id} under its domain, else the app's URL. */
export function listenUrl(recording: Pick<Recording, 'id' | 'domain'>, appUrl: string): string {
  const origin = recording.domain ? `https://${recording.domain}` : appUrl.replace(/\/+$/, '');
  return `${origin}/listen/${recording.id}`;
}
