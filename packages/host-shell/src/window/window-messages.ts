import { z } from 'zod';
import type { Share } from '@vocal/host-contract';
import { conversationKeySchema, shareAccentSchema, tokensSchema } from '@vocal/settings-model';

/** Only web links may be put into a host: a message cannot smuggle in javascript: or data: URLs. */
const webUrl = z.url({ protocol: /^https?$/ });

/** A finished message as it crosses from the record window to the panel that opened it. */
export const shareSchema = z.object({
  id: z.string().min(1).max(64),
  url: webUrl,
  title: z.string().max(500),
  message: z.string().max(1000).nullable(),
  imageUrl: z.union([webUrl, z.literal('')]),
  durationSeconds: z.number().nonnegative(),
  /** The link button's colours (#RRGGBB only); a window of an older build sends none: a plain link. */
  accent: shareAccentSchema.nullable().default(null),
}) satisfies z.ZodType<Share>;

/**
 * What a sign-in or record window tells the panel that opened it (Outlook's dialog through
 * messageParent, the other hosts' popups through postMessage).
 */
export const windowToOpenerMessageSchema = z.discriminatedUnion('type', [
  /** Sign-in window: the person signed in; the panel keeps these tokens in memory. */
  z.object({ type: z.literal('signed-in'), tokens: tokensSchema }),
  /** Record window: lend me your session. */
  z.object({ type: z.literal('session-request') }),
  /** Record window: my session changed (a rotated refresh, or a sign-in of its own); adopt it. */
  z.object({ type: z.literal('session-updated'), tokens: tokensSchema }),
  /** Record window: the message is recorded and uploaded; the panel inserts it. */
  z.object({ type: z.literal('shared'), share: shareSchema }),
  /** Either window: the person chose Cancel. */
  z.object({ type: z.literal('cancelled') }),
]);
export type WindowToOpenerMessage = z.infer<typeof windowToOpenerMessageSchema>;

/** What the panel answers a record window's session-request with. */
export const openerToWindowMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('session'),
    /** Null when the panel is signed out: the window then asks the person to sign in. */
    tokens: tokensSchema.nullable(),
    /** The subject being written when the window asked, for the message's title. */
    subject: z.string().max(1000).optional(),
    /** Where the panel is (HostContext.conversation): the message is filed there, so its replies come back to the panel. */
    conversation: conversationKeySchema.optional(),
  }),
]);
export type OpenerToWindowMessage = z.infer<typeof openerToWindowMessageSchema>;
export type SessionReply = Extract<OpenerToWindowMessage, { type: 'session' }>;

const parseWith =
  <T>(schema: z.ZodType<T>) =>
  (value: unknown): T | null => {
    const result = schema.safeParse(value);
    return result.success ? result.data : null;
  };

/** The message, or null for anything malformed or unknown (it is then ignored, never trusted). */
export const parseWindowToOpenerMessage = parseWith(windowToOpenerMessageSchema);
export const parseOpenerToWindowMessage = parseWith(openerToWindowMessageSchema);
