import { z } from 'zod';
import { recordingSchema } from '../recording.ts';
import { conversationKeySchema } from '../conversation.ts';
import { isoDateTimeSchema, recordingIdSchema, uuidSchema } from '../validation.ts';

/**
 * Where an inbox item came from: sent = the owner's own message; reply = a visitor's voice
 * reply to one of the owner's messages; contact-form = a voice message through the contact
 * form; collect = a voice message to a collection; written = a written contact-form message;
 * comment = a listener's written comment under one of the owner's messages.
 */
export const INBOX_SOURCES = ['sent', 'reply', 'contact-form', 'collect', 'written', 'comment'] as const;
export const inboxSourceSchema = z.enum(INBOX_SOURCES, {
  error: `must be one of ${INBOX_SOURCES.join(', ')}`,
});
export type InboxSource = z.infer<typeof inboxSourceSchema>;

/** All = everything; sent = the owner's own; received = what others sent them. */
export const INBOX_VIEWS = ['all', 'sent', 'received'] as const;
export const inboxViewSchema = z.enum(INBOX_VIEWS, { error: `must be one of ${INBOX_VIEWS.join(', ')}` });
export type InboxView = z.infer<typeof inboxViewSchema>;

export const INBOX_PAGE_LIMIT = { default: 50, max: 100 } as const;
/** Longer searches are refused: nobody types 200 characters into a search box, and it bounds the work. */
export const INBOX_QUERY_MAX_LENGTH = 200;

/** GET inbox: the query string. Omitted folder = every folder; `none` = only items in no folder. */
export const inboxQuerySchema = z
  .object({
    view: inboxViewSchema.default('all'),
    source: inboxSourceSchema.optional(),
    folder: z.union([z.literal('none'), uuidSchema], { error: 'must be a folder id or none' }).optional(),
    q: z
      .string()
      .trim()
      .max(INBOX_QUERY_MAX_LENGTH, { error: `must be at most ${INBOX_QUERY_MAX_LENGTH} characters` })
      .optional()
      .transform((q) => (q ? q : undefined)),
    /** Only the replies and comments to the owner's messages recorded in this host conversation (a host panel's list). */
    conversation: conversationKeySchema.optional(),
    /** Opaque: only ever a nextCursor the server gave. */
    cursor: z.string().min(1).max(200, { error: 'is not a cursor this server gave' }).optional(),
    limit: z.coerce
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(INBOX_PAGE_LIMIT.max, { error: `must be at most ${INBOX_PAGE_LIMIT.max}` })
      .default(INBOX_PAGE_LIMIT.default),
  })
  .strict();
export type InboxQuery = z.input<typeof inboxQuerySchema>;
export type InboxQueryParsed = z.output<typeof inboxQuerySchema>;

/**
 * How the sender of a received message or comment would hear of an answer: `address` = by mail
 * to the address they left (the item's `email`, which the owner sees); `account` = by mail to
 * their account's address (a signed-in listener, whose address the owner does not see); null =
 * nobody can be told (an anonymous comment or reply that left no address).
 */
export const answerMailSchema = z.enum(['address', 'account']).nullable();
export type AnswerMail = z.infer<typeof answerMailSchema>;

/** What one of the owner's messages answers (decision 0065): a received message, or a comment. */
export const answeredSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    id: recordingIdSchema,
    /** Who sent it, as they named themselves; null when they gave no name. */
    senderName: z.string().nullable(),
    /** The address they left (the owner sees it on the message too); null when they left none. */
    email: z.string().nullable().default(null),
  }),
  z.object({
    kind: z.literal('comment'),
    id: uuidSchema,
    /** The message the comment is under. */
    recordingId: recordingIdSchema,
    name: z.string(),
  }),
]);
export type Answered = z.infer<typeof answeredSchema>;

/** One inbox row: the owner's view of the recording, plus what the inbox shows about it. */
export const inboxItemSchema = recordingSchema.extend({
  kind: z.literal('message').default('message'),
  source: inboxSourceSchema.exclude(['comment']),
  /** Always true for `sent`: only what came from someone else can be unread. */
  read: z.boolean(),
  /** For a reply: the title of the message it answers (null when that has no title). */
  replyToTitle: z.string().nullable().default(null),
  /** How many replies this message has. */
  replyCount: z.number().int().nonnegative().default(0),
  /** The first ~160 characters of the transcript or written message; with q, a window around the match. */
  snippet: z.string().nullable().default(null),
  /** For what others sent: whether, and how, its sender would hear of an answer. Null for the owner's own. */
  answerMail: answerMailSchema.default(null),
  /** For an answer the owner sent: what it answers (null for any other message, or once that is deleted). */
  answers: answeredSchema.nullable().default(null),
  /** For an answer: when its mail went to the sender; null while it waits, or when nobody could be told. */
  answerMailedAt: isoDateTimeSchema.nullable().default(null),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
export type InboxItemWire = z.input<typeof inboxItemSchema>;

/**
 * A listener's comment under one of the owner's messages, as an inbox row of its own: unread
 * until the owner reads it, and listed by when it was written, beside the owner's messages.
 */
export const inboxCommentSchema = z.object({
  kind: z.literal('comment'),
  id: uuidSchema,
  source: z.literal('comment'),
  /** "Someone" when the listener gave no name. */
  name: z.string(),
  text: z.string(),
  createdAt: isoDateTimeSchema,
  read: z.boolean(),
  /** The message it is under: its id, title (null when untitled) and upload time (the untitled title says it). */
  recordingId: recordingIdSchema,
  recordingSubject: z.string().nullable(),
  recordingDate: isoDateTimeSchema,
  answerMail: answerMailSchema,
});
export type InboxComment = z.infer<typeof inboxCommentSchema>;
export type InboxCommentWire = z.input<typeof inboxCommentSchema>;

/** A row of the inbox: a message, or a comment. A row without `kind` is a message (clients before comments). */
export const inboxEntrySchema = z.union([inboxCommentSchema, inboxItemSchema]);
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

/** GET inbox: newest first; nextCursor null on the last page. */
export const inboxResponseSchema = z.object({
  items: z.array(inboxEntrySchema),
  nextCursor: z.string().nullable(),
});
export type InboxResponse = z.infer<typeof inboxResponseSchema>;

const unreadCountSchema = z.number().int().nonnegative();

/** GET inbox/summary: the unread count for the navigation. `sent` is always 0. */
export const inboxSummarySchema = z.object({
  unread: unreadCountSchema,
  unreadBySource: z.object({
    sent: unreadCountSchema,
    reply: unreadCountSchema,
    'contact-form': unreadCountSchema,
    collect: unreadCountSchema,
    written: unreadCountSchema,
    comment: unreadCountSchema,
  }),
});
export type InboxSummary = z.infer<typeof inboxSummarySchema>;

export const INBOX_READ_MAX_IDS = 100;

/** POST inbox/read: marks the caller's items read (or unread with read: false): messages by id, comments by commentIds. */
export const inboxReadSchema = z
  .object({
    ids: z
      .array(recordingIdSchema, { error: 'must be a list of recording ids' })
      .max(INBOX_READ_MAX_IDS, { error: `must name at most ${INBOX_READ_MAX_IDS} recordings` })
      .default([]),
    commentIds: z
      .array(uuidSchema, { error: 'must be a list of comment ids' })
      .max(INBOX_READ_MAX_IDS, { error: `must name at most ${INBOX_READ_MAX_IDS} comments` })
      .default([]),
    read: z.boolean({ error: 'must be true or false' }).default(true),
  })
  .strict()
  .refine((body) => body.ids.length + body.commentIds.length > 0, { error: 'must name at least one recording', path: ['ids'] });
export type InboxRead = z.input<typeof inboxReadSchema>;

/** 200 from POST inbox/read: the caller's unread count afterwards. */
export const inboxReadResponseSchema = z.object({ unread: unreadCountSchema });
export type InboxReadResponse = z.infer<typeof inboxReadResponseSchema>;
