import { z } from 'zod';
import type { Share } from '@vocal/host-contract';
import { tokensSchema } from '@vocal/settings-model';

/** Only web links may be inserted into an email: a message cannot smuggle in javascript: URLs. */
const webUrl = z.url({ protocol: /^https?$/ });

/** A finished message as it crosses from the record window to the taskpane. */
export const shareSchema = z.object({
  id: z.string().min(1).max(64),
  url: webUrl,
  title: z.string().max(500),
  message: z.string().max(1000).nullable(),
  imageUrl: z.union([webUrl, z.literal('')]),
  durationSeconds: z.number().nonnegative(),
}) satisfies z.ZodType<Share>;

/** What the dialog page tells the taskpane through `Office.context.ui.messageParent`. */
export const dialogToParentMessageSchema = z.discriminatedUnion('type', [
  /** Sign-in mode: the person signed in; the taskpane keeps these tokens in memory. */
  z.object({ type: z.literal('signed-in'), tokens: tokensSchema }),
  /** Record mode: the window asks to borrow the taskpane's session (answered with messageChild). */
  z.object({ type: z.literal('session-request') }),
  /** Record mode: the window's session changed (a rotated refresh, or a sign-in of its own). */
  z.object({ type: z.literal('session-updated'), tokens: tokensSchema }),
  /** Record mode: the message is recorded and uploaded; the taskpane inserts it. */
  z.object({ type: z.literal('shared'), share: shareSchema }),
  /** Either mode: the person chose Cancel in the window. */
  z.object({ type: z.literal('cancelled') }),
]);
export type DialogToParentMessage = z.infer<typeof dialogToParentMessageSchema>;

/** What the taskpane answers through `dialog.messageChild` (DialogApi 1.2). */
export const parentToDialogMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('session'),
    /** Null when the taskpane is signed out: the window then asks the person to sign in. */
    tokens: tokensSchema.nullable(),
    /** The draft's subject at the moment the window opened, for the message's title. */
    subject: z.string().max(1000).optional(),
  }),
]);
export type ParentToDialogMessage = z.infer<typeof parentToDialogMessageSchema>;

/** Messages travel as JSON strings (the dialog API carries strings); tokens in camelCase, which tokensSchema reads back. */
export function encodeDialogMessage(message: DialogToParentMessage | ParentToDialogMessage): string {
  return JSON.stringify(message);
}

function parseWith<T>(schema: z.ZodType<T>, raw: unknown): T | null {
  if (typeof raw !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = schema.safeParse(json);
  return result.success ? result.data : null;
}

/** The message, or null for anything malformed or unknown (it is then ignored, never trusted). */
export const parseDialogToParentMessage = (raw: unknown) => parseWith(dialogToParentMessageSchema, raw);
export const parseParentToDialogMessage = (raw: unknown) => parseWith(parentToDialogMessageSchema, raw);
