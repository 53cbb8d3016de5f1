import { z } from 'zod';

/**
 * The messages between the extension's parts, each parsed on arrival (anything else is
 * ignored). A compose frame talks to the content script of its own Gmail tab; the web app's
 * sign-in page talks to the service worker (externally_connectable); the popup reaches the
 * content script through chrome.scripting.
 */

/** A compose window, as the content script named it in its frame's URL. */
export const composeIdSchema = z.string().regex(/^[a-z0-9]{8,32}$/);

export const composeRequestSchema = z.discriminatedUnion('type', [
  /** Frame → content script: what is being written (the subject) and in which thread. */
  z.object({ type: z.literal('vocal-compose-context'), composeId: composeIdSchema }),
  /** Frame → content script: put this into the compose body at the cursor. */
  z.object({ type: z.literal('vocal-compose-insert'), composeId: composeIdSchema, html: z.string().max(20_000) }),
  /** Frame → content script: the person closed the recorder. */
  z.object({ type: z.literal('vocal-compose-close'), composeId: composeIdSchema }),
]);
export type ComposeRequest = z.infer<typeof composeRequestSchema>;

/** A Gmail thread id, as the content script reads it from the page (gmail-selectors' composeThreadId). */
export const gmailThreadIdSchema = z.string().regex(/^[0-9a-f]{8,32}$/);

/** What is being written: the subject, and the thread it replies in (null for a new message). */
// A thread that does not read as one is no thread: the subject still counts.
export const composeContextSchema = z.object({ subject: z.string(), thread: gmailThreadIdSchema.nullish().catch(null) });
export type ComposeContext = z.infer<typeof composeContextSchema>;
export const insertResultSchema = z.object({ inserted: z.boolean() });
export type InsertResult = z.infer<typeof insertResultSchema>;

/** Web app's sign-in page → service worker: a one-time code to claim (never a token). */
export const handoffMessageSchema = z.object({ type: z.literal('vocal-session-handoff'), code: z.string().min(1).max(200) });
export type HandoffMessage = z.infer<typeof handoffMessageSchema>;

/** Service worker → sign-in page. */
export const handoffReplySchema = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), msg: z.string() })]);
export type HandoffReply = z.infer<typeof handoffReplySchema>;

/** What the content script offers the popup's injected calls (in its isolated world). */
export type GmailBridge = {
  /** What the compose window the person last worked in holds: its subject ('' for none) and its thread. */
  activeContext(): ComposeContext;
  /** Inserts into that compose window; false when there is none or the insert failed. */
  insertIntoActiveCompose(html: string): boolean;
  /** Inserts into that compose window only while it replies in `thread`; false otherwise. */
  insertIntoActiveReply(html: string, thread: string): boolean;
};
export const GMAIL_BRIDGE_KEY = '__vocalGmail';

/** The sentence every surface shows when the link could not go into the email. */
export const COPIED_INSTEAD = 'Couldn’t insert; the link is copied. Paste it into your email (Ctrl+V, or ⌘V on a Mac).';
export const COPY_IT_YOURSELF = 'Couldn’t insert the link. Copy it below and paste it into your email.';
