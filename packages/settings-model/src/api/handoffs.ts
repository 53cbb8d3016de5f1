import { z } from 'zod';
import { HOST_APPS, type HostAppEntry } from '../host-apps.ts';
import { shareAccentSchema } from '../share-accent.ts';
import { isoDateTimeSchema, recordingIdSchema } from '../validation.ts';

/**
 * The two one-time handoffs (issue 12). The session handoff lets a signed-in web page hand a
 * new session to the Chrome extension without a long-lived token in a URL; the recording
 * handoff lets an Apps Script add-on (Gmail on phones, Google Docs), which runs no microphone,
 * open our recorder page and later fetch the finished message. Apps Script is a separate app
 * that cannot import this package: it mirrors these schemas (keep them flat and simple).
 */

/** How long a session handoff code may be claimed, in seconds. */
export const SESSION_HANDOFF_TTL_SECONDS = 120;
/** How long a recording handoff lives, in minutes, before its page says it expired. */
export const RECORDING_HANDOFF_TTL_MINUTES = 30;
/**
 * Once a message is delivered, the add-on has at least this long to fetch it, even if the
 * handoff's 30 minutes were nearly up when the recording was finished.
 */
export const RECORDING_HANDOFF_DELIVERED_GRACE_MINUTES = 10;

/** The one answer to a session handoff code that is unknown, used or expired. */
export const SESSION_HANDOFF_SPENT = 'This sign-in code has expired or was already used. Sign in again.';
/** The one answer to a recording handoff that is unknown, expired, claimed, or asked with a wrong secret. */
export const RECORDING_HANDOFF_SPENT = 'This recording link has expired or was already used. Start again from your add-on.';
/** POST recording-handoff/{id}/share when a message was already delivered to it. */
export const RECORDING_HANDOFF_ALREADY_DELIVERED = 'A voice message was already sent through this link.';

/** The characters of every code, id and secret here: base64url, as the server makes them. */
const urlSafe = (min: number, what: string) =>
  z.string({ error: 'is required' }).regex(new RegExp(`^[A-Za-z0-9_-]{${min},128}$`), { error: `is not a ${what} this server issued` });

/** A session handoff code: 32 random bytes, base64url (43 characters). */
export const sessionHandoffCodeSchema = urlSafe(32, 'sign-in code');
/** A recording handoff id: 16 random bytes, base64url (22 characters); it goes in the recorder page's URL. */
export const recordingHandoffIdSchema = urlSafe(22, 'recording link');
/** A recording handoff secret: 32 random bytes, base64url; only the add-on that asked holds it. */
export const recordingHandoffSecretSchema = urlSafe(32, 'recording link secret');

/** POST /session-handoff (signed in): a code the extension claims once, within two minutes. */
export const sessionHandoffResponseSchema = z.object({ code: sessionHandoffCodeSchema });
export type SessionHandoffResponse = z.infer<typeof sessionHandoffResponseSchema>;

/** POST /session-handoff/claim: the code; the answer is the sign-in answer, {access_token, refresh_token}. */
export const sessionHandoffClaimSchema = z.object({ code: sessionHandoffCodeSchema });
export type SessionHandoffClaim = z.input<typeof sessionHandoffClaimSchema>;

/** The names the host apps ask a recording handoff under. */
type HandoffName = {
  [Id in keyof typeof HOST_APPS]: (typeof HOST_APPS)[Id] extends { recordingHandoff: readonly (infer Name)[] } ? Name : never;
}[keyof typeof HOST_APPS];

/**
 * The hosts that ask for a recording handoff (each host app's `recordingHandoff` in host-apps.ts). The Apps Script add-ons (Gmail, Google Docs)
 * have their own recorder pages; the panels that cannot open a window of ours that talks back
 * (Front's sandbox, Teams on phones, Meet and Zoho Mail with pop-ups blocked) open the shared
 * one, `/record/handoff/{id}`, through the host's own way of opening a link.
 */
export const RECORDING_HANDOFF_HOSTS = Object.values(HOST_APPS).flatMap((entry: HostAppEntry) => entry.recordingHandoff ?? []) as [
  HandoffName,
  ...HandoffName[],
];
export const recordingHandoffHostSchema = z.enum(RECORDING_HANDOFF_HOSTS, {
  error: (issue) =>
    issue.input === undefined ? 'is required' : `must be one of ${RECORDING_HANDOFF_HOSTS.map((host) => `'${host}'`).join(', ')}`,
});
export type RecordingHandoffHost = z.infer<typeof recordingHandoffHostSchema>;

/** POST /recording-handoff (no sign-in: Apps Script calls it server to server). */
export const recordingHandoffRequestSchema = z.object({ host: recordingHandoffHostSchema });
export type RecordingHandoffRequest = z.input<typeof recordingHandoffRequestSchema>;

/**
 * The new handoff: `id` goes in the page's URL (`/record/gmail/{id}`,
 * `/record/google-workspace?handoff={id}` or `/record/handoff/{id}`), `secret` stays with
 * whoever asked (the add-on, the panel's memory) for the claim.
 */
export const recordingHandoffCreatedSchema = z.object({
  id: recordingHandoffIdSchema,
  secret: recordingHandoffSecretSchema,
  expiresAt: isoDateTimeSchema,
});
export type RecordingHandoffCreated = z.infer<typeof recordingHandoffCreatedSchema>;

export const RECORDING_HANDOFF_STATUSES = ['waiting', 'delivered'] as const;

/** GET /recording-handoff/{id}: what the recorder page may know (no secret, no message). */
export const recordingHandoffStatusSchema = z.object({
  host: recordingHandoffHostSchema,
  status: z.enum(RECORDING_HANDOFF_STATUSES),
  expiresAt: isoDateTimeSchema,
});
export type RecordingHandoffStatus = z.infer<typeof recordingHandoffStatusSchema>;

/** POST /recording-handoff/{id}/share (signed in): one of the caller's own uploaded messages. */
export const recordingHandoffShareSchema = z.object({ recordingId: recordingIdSchema });
export type RecordingHandoffShare = z.input<typeof recordingHandoffShareSchema>;
export const recordingHandoffSharedSchema = z.object({ status: z.literal('delivered') });

/** POST /recording-handoff/{id}/claim: the secret from the creation's answer. */
export const recordingHandoffClaimSchema = z.object({ secret: recordingHandoffSecretSchema });
export type RecordingHandoffClaim = z.input<typeof recordingHandoffClaimSchema>;

/**
 * A finished message as a host inserts it: the same fields as host-contract's `Share`, which
 * the web record flow builds after an upload (ui-kit's buildShare). In a handoff the server
 * builds it from the stored message, so nothing the page says is trusted.
 */
export const handoffShareSchema = z.object({
  id: recordingIdSchema,
  /** The listen link, on the message's custom domain when it has one. */
  url: z.url(),
  /** The subject, or 'Listen to my voice message'. */
  title: z.string(),
  /** The owner's signature message, or null when the signature is off. */
  message: z.string().nullable(),
  /** The waveform picture's public URL. */
  imageUrl: z.string(),
  durationSeconds: z.number().nonnegative(),
  /** The link button's colours, from the owner's signature theme (signatureAccent); null draws a plain link. */
  accent: shareAccentSchema.nullable(),
});
export type HandoffShare = z.infer<typeof handoffShareSchema>;

/**
 * The claim's answer: `waiting` until a message is delivered, then `ready` with it exactly
 * once (the handoff is spent: the next claim is 404).
 */
export const recordingHandoffClaimResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('waiting') }),
  z.object({ status: z.literal('ready'), share: handoffShareSchema }),
]);
export type RecordingHandoffClaimResponse = z.infer<typeof recordingHandoffClaimResponseSchema>;
