import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  ApiTokenScope,
  Personalisation,
  WebhookEventType,
  RecordingHandoffHost,
  RecordingOrigin,
  RecordingPrivacy,
  Transcription,
  TranscriptionStatus,
} from '@vocal/settings-model';

/** PostgreSQL's full-text document type; drizzle has no built-in one. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    avatarUrl: text('avatar_url'),
    plan: integer('plan').notNull().default(0),
    subscribed: boolean('subscribed').notNull().default(false),
    subscribedStrict: boolean('subscribed_strict').notNull().default(false),
    /** The custom domain this account claimed (Pro); it is held, and used in links, only once DNS proves it. */
    domain: text('domain'),
    /** When `domain` was saved: a claim DNS has not proven by a week later is dropped. */
    domainClaimedAt: timestamp('domain_claimed_at', { withTimezone: true }),
    /** When DNS proved `domain` this account's (its CNAME here and our TXT record): it is then held. */
    domainVerifiedAt: timestamp('domain_verified_at', { withTimezone: true }),
    /** When the daily check found the held domain no longer pointing here: links use PUBLIC_URL until it does again. */
    domainLostAt: timestamp('domain_lost_at', { withTimezone: true }),
    /** When the held domain was last checked (the daily re-check claims it by this). */
    domainCheckedAt: timestamp('domain_checked_at', { withTimezone: true }),
    /** Public and unguessable: the user's share link is /record/share/{inviteCode}. */
    inviteCode: text('invite_code').notNull().unique(),
    stripeId: text('stripe_id'),
    subscriptionMessage: text('subscription_message'),
    showTrial: boolean('show_trial').notNull().default(false),
    showPaywall: boolean('show_paywall').notNull().default(false),
    /**
     * The plan an administrator gave (`pnpm admin set-plan`); `plan` is the effective plan,
     * the best of this, a live subscription, a redeemed coupon and the team the person is in.
     */
    adminPlan: integer('admin_plan').notNull().default(0),
    /** When a time-bound grant behind `plan` ends (a coupon's days): the plan is worked out again then. */
    planReviewAt: timestamp('plan_review_at', { withTimezone: true }),
    /** The owner whose team this person is in; they share the owner's Pro while there. */
    teamOwnerId: integer('team_owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Who referred this person (the affiliate programme); kept when the referrer leaves as null. */
    referredBy: integer('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * When the person proved `email` is theirs (the sign-up link, a reset link, an email change's
     * link or an identity provider). Null: nothing but the confirmation is mailed to it, and the
     * contact form and collect page stay closed (issue 23, finding 5; see email-confirmation.ts).
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // A custom domain names one account's listen pages: one account holds it once DNS proved it.
  // Unproven claims may overlap, so a squatter's claim never blocks the domain's real owner.
  (table) => [
    uniqueIndex('users_domain_unique')
      .on(sql`lower(${table.domain})`)
      .where(sql`${table.domainVerifiedAt} is not null`),
  ],
);

/** One signed-in device: a family of refresh tokens, revoked together. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Refresh tokens are stored as SHA-256 hashes; a used one is kept to detect reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/**
 * A change of email address waiting for its confirmation link to be opened: the link's token
 * stored as a SHA-256 hash, single-use (deleted when used) and expiring. The session that
 * asked stays signed in when it is confirmed; every other one is revoked.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('email_changes_user_idx').on(table.userId)],
);

/**
 * A personal API token (issue 29): a script's own credential, made on the API tokens settings
 * page and shown once. Only its SHA-256 hash is kept (it is 256 random bits, so no salt or slow
 * hash is needed); deleting the row revokes it at once.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').$type<ApiTokenScope>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('api_tokens_user_idx').on(table.userId)],
);

/**
 * A webhook (issue 29): where to POST an account's events, signed as Standard Webhooks says
 * with `secret` (whsec_…, kept as is: the server signs with it on every delivery).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('webhooks_user_idx').on(table.userId)],
);

/** One try to deliver one event to one webhook: what the settings page shows as its log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    attempt: integer('attempt').notNull(),
    /** The receiver's HTTP status; null when no answer came (refused address, timeout, network). */
    status: integer('status'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_deliveries_webhook_idx').on(table.webhookId, table.createdAt)],
);

/**
 * A password-reset link waiting to be opened: only the token's SHA-256 hash is kept, the row
 * is deleted when the link is used (single use) and refused once `expiresAt` has passed.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

export const folders = pgTable(
  'folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('folders_user_idx').on(table.userId)],
);

/**
 * `uploading`: one upload has claimed the reservation and is storing its files.
 * `deleted`: its owner deleted it; it is gone for everyone at once, and a `delete-files` job
 * removes its files and then the row.
 */
export const RECORDING_STATUSES = ['reserved', 'uploading', 'uploaded', 'deleted'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/**
 * A recording starts as a reservation (get-vocal) and becomes a message when its files are
 * stored (upload-vocal). The id is the idempotency key: one id, at most one message.
 */
export const recordings = pgTable(
  'recordings',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<RecordingStatus>().notNull().default('reserved'),
    origin: text('origin').$type<RecordingOrigin>().notNull().default('owner'),
    platform: text('platform').notNull().default('webapp'),
    isReply: boolean('is_reply').notNull().default(false),
    replyToId: text('reply_to_id').references((): AnyPgColumn => recordings.id, {
      onDelete: 'cascade',
    }),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    /** A visitor's address (contact form, collect), and the name they gave. */
    email: text('email'),
    senderName: text('sender_name'),
    /**
     * Someone signed in who sent this to another person's page (a listener's voice reply sent
     * with their token): an answer reaches them at their account's address (decision 0065).
     */
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What this message of the owner answers: a message they received, or a comment under one
     * of theirs (decision 0065). The answer outlives what it answers, which only unlinks it.
     */
    answersId: text('answers_id').references((): AnyPgColumn => recordings.id, { onDelete: 'set null' }),
    answersCommentId: uuid('answers_comment_id').references((): AnyPgColumn => comments.id, { onDelete: 'set null' }),
    /** When the answer's mail went to the one it answers; null until then, and when nobody could be told. */
    answerMailedAt: timestamp('answer_mailed_at', { withTimezone: true }),
    subject: text('subject'),
    /** A written contact-form message; such a row has no audio and no public view. */
    message: text('message'),
    uploadDate: timestamp('upload_date', { withTimezone: true }),
    expiryDate: timestamp('expiry_date', { withTimezone: true }),
    peaks: jsonb('peaks')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    views: integer('views').notNull().default(0),
    duration: doublePrecision('duration').notNull().default(0),
    audioKey: text('audio_key'),
    imageKey: text('image_key'),
    /** The waveform PNG's size, for link previews (og:image:width, oEmbed thumbnails). */
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    audioBytes: integer('audio_bytes'),
    /** The stored waveform picture's size: it counts against the storage quota too. */
    imageBytes: integer('image_bytes'),
    /**
     * While `uploading`: when the upload claimed the row, so only one upload of an id writes
     * its files; a claim older than the upload timeout is taken over (its process died).
     */
    uploadClaimedAt: timestamp('upload_claimed_at', { withTimezone: true }),
    /** A keyed hash of a visitor's client address (never the address), for their open reservations and storage cap. */
    visitorAddress: text('visitor_address'),
    summary: text('summary'),
    transcription: jsonb('transcription').$type<Transcription>(),
    transcriptionStatus: text('transcription_status').$type<TranscriptionStatus>(),
    /** Why the last transcription gave up, shown to the owner beside the retry button. */
    transcriptionError: text('transcription_error'),
    /** Set once the expiry job has deleted the files of an expired recording. */
    filesDeletedAt: timestamp('files_deleted_at', { withTimezone: true }),
    domain: text('domain'),
    /** `password`: the listen link asks for the password whose scrypt hash is `passwordHash` (decision 0074). */
    privacy: text('privacy').$type<RecordingPrivacy>().notNull().default('public'),
    passwordHash: text('password_hash'),
    /**
     * Where in a host the owner recorded it (`zendesk:acme/4521`, a Front conversation, a mail
     * thread): its replies are shown back there (issue 29, part 1). Null when made elsewhere.
     */
    conversationKey: text('conversation_key'),
    /**
     * When the owner read a message that came from someone else; null = unread. The owner's
     * own messages are always read, whatever this says (see inbox-service).
     */
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * What the inbox's search looks in: title, sender name and address, written message and
     * every transcript sentence. Generated by the database, so every writer (uploads, renames,
     * transcripts, transcript edits) keeps it current without remembering to (decision 0017).
     * 'simple': no language's stemming, since messages come in any language.
     */
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, coalesce(subject, '') || ' ' || coalesce(sender_name, '') || ' ' || coalesce(email, '') || ' ' || translate(coalesce(email, ''), '@.+_-', '     ') || ' ' || coalesce(message, '') || ' ' || coalesce(jsonb_path_query_array(transcription, 'lax $.**.text')::text, ''))`,
    ),
    createdAt: createdAt(),
  },
  (table) => [
    index('recordings_user_upload_idx').on(table.userId, table.uploadDate),
    index('recordings_reply_to_idx').on(table.replyToId),
    // A host panel's replies: the owner's messages made in one conversation.
    index('recordings_conversation_idx').on(table.userId, table.conversationKey),
    index('recordings_expiry_idx').on(table.expiryDate),
    // The inbox's pages: newest first per owner, keyset on (upload_date, id), overall and per
    // origin (the source filters) and per folder.
    index('recordings_inbox_idx').on(table.userId, table.status, table.uploadDate, table.id),
    index('recordings_inbox_origin_idx').on(table.userId, table.origin, table.status, table.uploadDate, table.id),
    index('recordings_inbox_folder_idx').on(table.folderId, table.status, table.uploadDate, table.id),
    // The unread counts in the navigation: only the unread rows, so it stays small.
    index('recordings_unread_idx')
      .on(table.userId, table.origin)
      .where(sql`${table.readAt} is null and ${table.origin} <> 'owner' and ${table.status} = 'uploaded'`),
    index('recordings_search_idx').using('gin', table.search),
    // Deleting what an answer answers unlinks it: these find the answers to unlink.
    index('recordings_answers_idx')
      .on(table.answersId)
      .where(sql`${table.answersId} is not null`),
    index('recordings_answers_comment_idx')
      .on(table.answersCommentId)
      .where(sql`${table.answersCommentId} is not null`),
  ],
);

export const personalisations = pgTable('personalisations', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Partial<Personalisation>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Pictures users upload (avatars, logos), so deleting an account deletes them too. */
export const images = pgTable(
  'images',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Counted toward the owner's storage quota. */
    bytes: integer('bytes').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('images_user_idx').on(table.userId)],
);

/** Server-wide values generated once and shared by every process (the JWT secret). */
export const serverSecrets = pgTable('server_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The durable job queue (docs/decisions/0006-job-queue.md). A worker claims a row with
 * SELECT ... FOR UPDATE SKIP LOCKED and holds it by a lease; a process that dies lets its
 * lease run out and another takes the job again. `key` makes enqueueing idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** One job per key at a time, e.g. transcribe:{recordingId}. */
    key: text('key').notNull().unique(),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    state: text('state').$type<JobState>().notNull().default('queued'),
    /** Claims so far, including ones whose process died. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** Not before: the backoff after a failure, or a job scheduled for later. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Changes on every claim, so a worker that lost its lease cannot complete the job. */
    leaseToken: uuid('lease_token'),
    /** The worker holding the job, or the last one that did. */
    leasedBy: text('leased_by'),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Lower runs first among due jobs: an owner's own transcript (0) before visitors' (1). */
    priority: integer('priority').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('jobs_queued_idx').on(table.state, table.runAt), index('jobs_leased_idx').on(table.state, table.leasedUntil)],
);

/** Reports sent from the report-issue dialog (spec: error-report feedback). */
export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  email: text('email'),
  name: text('name'),
  eventId: text('event_id'),
  comments: text('comments').notNull(),
  url: text('url'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
});

/** Visitors' written comments under a message; they go with the message. */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordingId: text('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    /**
     * The owner of the message it is under (a message never changes owner), kept here so the
     * inbox reads one owner's comments newest first from an index, a page at a time (decision 0065).
     */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The commenter when signed in; the comment outlives their account. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    text: text('text').notNull(),
    /** When the message's owner read it in the inbox; null = unread. The owner's own comments start read. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** What the inbox's search looks in: the author's name and the words ('simple', as the messages' search). */
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, name || ' ' || text)`),
    createdAt: createdAt(),
  },
  (table) => [
    index('comments_recording_idx').on(table.recordingId, table.createdAt),
    // The inbox's pages of one owner's comments, newest first, keyset on (created_at, id).
    index('comments_inbox_idx').on(table.ownerId, table.createdAt, table.id),
    // The unread counts: only the unread rows, so it stays small.
    index('comments_unread_idx')
      .on(table.ownerId)
      .where(sql`${table.readAt} is null`),
    index('comments_search_idx').using('gin', table.search),
  ],
);

/** One row per counted listen, for the owner's listens-per-day analytics. */
export const listens = pgTable(
  'listens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordingId: text('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /**
     * The visitor's keyed hash (as in listen_visitors, scoped to this message), kept so the
     * owner's analytics can count unique listeners; null for listens counted before it was kept.
     */
    listener: text('listener'),
    /** The furthest share (0..1) of the message heard by continuous playing; null before it was measured. */
    heardShare: doublePrecision('heard_share'),
  },
  (table) => [index('listens_recording_idx').on(table.recordingId, table.createdAt)],
);

/**
 * When each visitor's listen of a message was last counted, so a visit counts once per 30
 * minutes. The visitor is a keyed hash of address and user agent, never the address itself.
 */
export const listenVisitors = pgTable(
  'listen_visitors',
  {
    recordingId: text('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    lastCountedAt: timestamp('last_counted_at', { withTimezone: true }).notNull(),
    /** The listen this visit counted, so a listen page open in a second tab reports progress to the same one. */
    listenId: uuid('listen_id'),
  },
  (table) => [primaryKey({ columns: [table.recordingId, table.visitorHash] })],
);

/**
 * Rate-limit windows shared by every server process: one row per limit and client, the
 * client known only by a keyed hash (never the address or email itself). A window starts at
 * the first attempt; the periodic sweep deletes ended ones.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    bucket: text('bucket').notNull(),
    keyHash: text('key_hash').notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.keyHash] }), index('rate_limit_windows_window_end_idx').on(table.windowEnd)],
);

/**
 * A one-time sign-in code the web app hands to the Chrome extension (POST /session-handoff):
 * only its SHA-256 is stored, and claiming it deletes the row, so it works once.
 */
export const sessionHandoffs = pgTable(
  'session_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('session_handoffs_user_idx').on(table.userId), index('session_handoffs_expires_idx').on(table.expiresAt)],
);

export const RECORDING_HANDOFF_ROW_STATUSES = ['waiting', 'delivered'] as const;
export type RecordingHandoffRowStatus = (typeof RECORDING_HANDOFF_ROW_STATUSES)[number];

/**
 * A recording handoff between an Apps Script add-on and our recorder page: the id travels in
 * the page's URL, the secret (stored as its SHA-256) stays with the add-on. The page delivers
 * one of its user's messages; the add-on's claim of a delivered handoff deletes the row.
 */
export const recordingHandoffs = pgTable(
  'recording_handoffs',
  {
    id: text('id').primaryKey(),
    host: text('host').$type<RecordingHandoffHost>().notNull(),
    secretHash: text('secret_hash').notNull(),
    status: text('status').$type<RecordingHandoffRowStatus>().notNull().default('waiting'),
    /** The delivered message; its deletion (or its owner's) takes the handoff with it. */
    recordingId: text('recording_id').references(() => recordings.id, { onDelete: 'cascade' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('recording_handoffs_expires_idx').on(table.expiresAt), index('recording_handoffs_recording_idx').on(table.recordingId)],
);

/**
 * A Stripe subscription as its webhooks last described it: only webhooks write here. Stripe's
 * id is the key, so a replayed event updates the same row; `eventAt` keeps an older event
 * arriving late from undoing a newer one.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    /** What it pays for: the product's Pro, or the Meet add-on's (POST /meet-subscription). */
    product: text('product').$type<'pro' | 'meet'>().notNull().default('pro'),
    status: text('status').notNull(),
    priceId: text('price_id'),
    period: text('period').$type<'Monthly' | 'Yearly' | 'Lifetime'>(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId), index('subscriptions_customer_idx').on(table.customerId)],
);

/** Stripe events already applied, by their id: a delivery seen before changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A person's invoices as Stripe reported them (GET /payments); amounts in cents. */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paid: boolean('paid').notNull().default(false),
    status: text('status').notNull(),
    hostedUrl: text('hosted_url'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('invoices_user_idx').on(table.userId, table.issuedAt)],
);

/** A coupon an administrator made for a server without billing (`pnpm admin coupons create`). */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    plan: integer('plan').notNull(),
    days: integer('days').notNull(),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('coupons_code_unique').on(sql`lower(${table.code})`)],
);

/** A code a person redeemed, local or a Stripe promotion code; each code once per account. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    source: text('source').$type<'local' | 'stripe'>().notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    plan: integer('plan').notNull(),
    /** The end of the plan it gave; null for a Stripe code, which discounts a subscription instead. */
    planUntil: timestamp('plan_until', { withTimezone: true }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('coupon_redemptions_user_code_unique').on(table.userId, sql`lower(${table.code})`)],
);

/** An invitation from a team owner, joined at /join/{code}; accepting it sets the member's teamOwnerId. */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    code: text('code').notNull().unique(),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('team_invites_owner_email_unique').on(table.ownerId, sql`lower(${table.email})`)],
);

/** A visit through a referral link (?ref=), counted once per visitor (keyed hash) and day. */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.referrerId, table.visitorHash, table.day] })],
);
