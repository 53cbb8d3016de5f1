import { join } from 'node:path';
import type { DatabaseHandle } from './db/database.ts';
import type { Config } from './env.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import type { JobHandler } from './jobs/job-worker.ts';
import type { Logger } from './logger.ts';
import { createMediaPool } from './media/media-pool.ts';
import { createPreviewCardService } from './media/preview-card-service.ts';
import { createProcessScratch } from './processes/process-scratch.ts';
import { createMailer, defaultMailFrom } from './mail/mailer.ts';
import { createMetrics, type Metrics } from './observability/metrics.ts';
import { measureTranscriber } from './observability/measured-transcriber.ts';
import type { Storage } from './storage/storage.ts';
import { chooseTranscriber } from './transcription/choose-transcriber.ts';
import { createSummariser } from './transcription/summariser.ts';
import { createBillingService } from './billing/billing-service.ts';
import { createAccountService } from './accounts/account-service.ts';
import { createAnswerService } from './listening/answer-service.ts';
import { createAdminService } from './admin/admin-service.ts';
import { createAffiliateService } from './billing/affiliate-service.ts';
import { createCouponService } from './billing/coupon-service.ts';
import { createAudioService } from './recordings/audio-service.ts';
import { createEmailChangeService } from './accounts/email-change-service.ts';
import { createEmailConfirmation } from './accounts/email-confirmation.ts';
import { createPasswordResetService } from './accounts/password-reset-service.ts';
import { createErrorReporter } from './error-reporting/error-reporter.ts';
import { createCommentService } from './listening/comment-service.ts';
import { createDeletionService } from './recordings/deletion-service.ts';
import { createFeedbackService } from './site/feedback-service.ts';
import { createFolderService } from './recordings/folder-service.ts';
import { createInboxService } from './recordings/inbox-service.ts';
import { createGonePageService } from './listening/gone-page-service.ts';
import { createListenService } from './listening/listen-service.ts';
import { createMicrosoftIdentityVerifier } from './accounts/microsoft-identity.ts';
import { createNotificationService } from './notifications/notification-service.ts';
import { createOrphanSweep } from './recordings/orphan-sweep.ts';
import { createProgressiveUploads } from './uploads/progressive-uploads.ts';
import { createPersonalisationService } from './accounts/personalisation-service.ts';
import { createPlanService } from './billing/plan-service.ts';
import { createRecordingService } from './recordings/recording-service.ts';
import { type PublicPage } from './recordings/public-pages.ts';
import { cachedFileRefusal } from './cache/cached-file-refusal.ts';
import { createKeyedHash } from './common/keyed-hash.ts';
import { createMessagePrivacy } from './listening/message-privacy.ts';
import { createSignedFiles } from './listening/signed-files.ts';
import { clearingAfterEachJob } from './cache/clear-public-pages.ts';
import { createPublicPageCache } from './cache/public-page-cache.ts';
import { createRecordingHandoffService } from './hosts/recording-handoff-service.ts';
import { createSessionHandoffService } from './hosts/session-handoff-service.ts';
import { createStorageQuota } from './recordings/storage-quota.ts';
import { createTeamService } from './teams/team-service.ts';
import { createCustomDomainService } from './site/custom-domain-service.ts';
import { createTokenService } from './accounts/token-service.ts';
import { createTranscriptionService } from './recordings/transcription-service.ts';
import { createApiLimits } from './http/api-limits.ts';
import { createRateLimits } from './http/rate-limiter.ts';
import { createVisitorService } from './listening/visitor-service.ts';
import { createVisitorTranscriptBudget } from './listening/visitor-transcript-budget.ts';
import { createWebhookService } from './automation/webhook-service.ts';

/** Every service, wired once; routes receive what they need from here. */
export function createServices(options: { database: DatabaseHandle; config: Config; storage: Storage; logger: Logger; metrics?: Metrics }) {
  const { config, storage, logger } = options;
  const metrics = options.metrics ?? createMetrics();
  const db = options.database.db;
  // The job worker is made by the server after the services; until then waking is a no-op.
  let wakeJobs = () => {};
  const wake = () => wakeJobs();
  const queue = createJobQueue({ db, config: config.jobs });
  // Before the services whose events it delivers.
  const webhooks = createWebhookService({ db, config, queue, wake });
  metrics.readQueueFrom(() => queue.waiting());
  // CPU-heavy audio work runs here, on worker threads, so requests keep their event loop.
  const media = createMediaPool({ workers: config.mediaWorkers });
  const tokens = createTokenService({ db, config });
  const deletion = createDeletionService({ db, storage, queue, wake });
  const plans = createPlanService({ db });
  const accounts = createAccountService({ db, config, storage, tokens, deletion, plans });
  const personalisation = createPersonalisationService({ db, accounts });
  const summaryEndpoint = config.transcription.summary;
  const transcription = createTranscriptionService({
    db,
    storage,
    queue,
    transcriber: measureTranscriber(chooseTranscriber(config.transcription, media, createProcessScratch(config.dataDir)), metrics),
    summariser: summaryEndpoint ? createSummariser({ endpoint: summaryEndpoint, timeoutMs: config.transcription.timeoutMs }) : null,
    personalisation,
    wake,
    webhooks,
  });
  const audio = createAudioService({ db, storage, queue, wake, media });
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from ?? defaultMailFrom(config.publicUrl),
    outboxFolder: join(config.dataDir, 'outbox'),
    logger,
  });
  const notifications = createNotificationService({ db, config, queue, accounts, personalisation, mailer, wake });
  const customDomains = createCustomDomainService({ db, config, mailer, logger });
  const emailChanges = createEmailChangeService({ db, config, mailer, queue, wake });
  const emailConfirmation = createEmailConfirmation({ db, config, mailer, queue, wake });
  const passwords = createPasswordResetService({ db, config, mailer, logger });
  const storageQuota = createStorageQuota({ db, config });
  // The listen path's memory: cleared by every write (app.ts) and every job (below).
  const publicPages = createPublicPageCache<PublicPage>({ ttlMs: config.listenPath.publicCacheSeconds * 1000 });
  // One key for a private message's unlock tokens and its signed file addresses (each signs its
  // own first part). Its secret keeps its first name, so tokens and addresses already handed out stay good.
  const messageUnlockKey = createKeyedHash(db, 'message-unlock-key');
  // A private message's files at short-lived addresses, for its listeners and its owner (decisions 0074, 0077).
  const signedFiles = createSignedFiles({ sign: messageUnlockKey, storage, now: () => new Date() });
  const recordings = createRecordingService({
    signedFiles,
    publicPages,
    db,
    media,
    visitorTranscripts: createVisitorTranscriptBudget({ db }),
    config,
    storage,
    storageQuota,
    accounts,
    personalisation,
    transcription,
    audio,
    notifications,
    deletion,
    webhooks,
    wakeJobs: wake,
  });
  const comments = createCommentService({ db, recordings, personalisation, notifications, webhooks, wakeJobs: wake });
  const listens = createListenService({
    db,
    recordings,
    notifications,
    webhooks,
    publicPages,
    flushEveryMs: config.listenPath.listenFlushMs,
    logger,
    wakeJobs: wake,
  });
  const visitors = createVisitorService({ db, config, accounts, personalisation, notifications, webhooks, wakeJobs: wake });
  const folders = createFolderService({ db, recordings });
  const inbox = createInboxService({ db, recordings });
  const answers = createAnswerService({ db, config, queue, mailer, accounts, wakeJobs: wake });
  const errorReporter = createErrorReporter({ ...config.errorReporting, publicUrl: config.publicUrl, logger });
  const feedback = createFeedbackService({ db, errorReporter });
  const admin = createAdminService({ db, config, plans });
  const teams = createTeamService({ db, config, plans, mailer, logger });
  const billing = createBillingService({ db, config, plans, logger });
  // Stripe promotion codes join in when billing is on (services.billing, src/billing/).
  const coupons = createCouponService({ db, plans, findPromotionCode: billing.findPromotionCode });
  const rateLimits = createRateLimits({ db });
  const limits = createApiLimits(rateLimits, {
    visitorPerTenMinutes: config.visitorRateLimit,
    signInsPerMinute: config.authRateLimitPerMinute,
    handoffsPerTenMinutes: config.handoffRateLimit,
  });
  const jobHandlers: Record<string, JobHandler> = clearingAfterEachJob(publicPages, {
    ...emailChanges.handlers,
    ...emailConfirmation.handlers,
    ...transcription.handlers,
    ...audio.handlers,
    ...notifications.handlers,
    ...answers.handlers,
    ...webhooks.handlers,
    ...deletion.handlers,
  });
  return {
    /** This server's Prometheus metrics (GET /metrics), on a registry of its own. */
    metrics,
    /** Custom domains: claims, DNS proof, the daily re-check, and which messages a custom host serves. */
    customDomains,
    emailChanges,
    /** A new account's address proven by a mailed link before anything else is mailed to it (issue 23, finding 5). */
    emailConfirmation,
    /** Webhooks: each account's events POSTed to its URLs, signed (Standard Webhooks), retried and logged. */
    webhooks,
    /** Password reset by mail and password change. */
    passwords,
    db,
    databaseKind: options.database.kind,
    config,
    storage,
    tokens,
    accounts,
    /** Verifies Microsoft identity tokens for POST /microsoft-auth; null when MICROSOFT_CLIENT_ID is unset. */
    microsoftIdentity: config.microsoft ? createMicrosoftIdentityVerifier(config.microsoft, config) : null,
    personalisation,
    recordings,
    /** Public listen payloads in memory (src/cache/public-page-cache.ts). */
    publicPages,
    /** Who may fetch /files/{key}: from the public page cache when it can tell. */
    fileAccess: cachedFileRefusal(audio, recordings, publicPages),
    /** The link-preview card of a listen link, made once per version and stored. */
    previewCards: createPreviewCardService({ db, storage, recordings, media }),
    gonePages: createGonePageService({ db, config, accounts, personalisation }),
    storageQuota,
    comments,
    listens,
    visitors,
    rateLimits,
    limits,
    /** Password-protected messages: unlock tokens, the gate on every public path, signed file addresses (decision 0074). */
    privacy: createMessagePrivacy({ sign: messageUnlockKey, files: signedFiles, limits, now: () => new Date() }),
    signedFiles,
    /** One-time sign-in codes for the Chrome extension (POST /session-handoff). */
    sessionHandoffs: createSessionHandoffService({ db, tokens }),
    /** Apps Script add-ons' handoffs to the recorder page and back (POST /recording-handoff). */
    recordingHandoffs: createRecordingHandoffService({ db, config, storage, personalisation, signedFiles }),
    notifications,
    folders,
    inbox,
    /** The owner's answers to what they received, and the mail that takes each to its sender (decision 0065). */
    answers,
    feedback,
    /** Sends server errors and issue reports to ERROR_REPORTING_DSN; does nothing without one. */
    errorReporter,
    admin,
    /** The effective plan of each account (users.plan), from all that gives one. */
    plans,
    /** Team owners, members and invites (GET/POST/DELETE /invite, /join/:code). */
    teams,
    /** Stripe: checkout, webhooks, payments, promotion codes (src/billing/); `enabled` is false without STRIPE_* settings. */
    billing,
    /** Local coupons (pnpm admin coupons) and POST /coupon. */
    coupons,
    /** Referral links, their clicks and sign-ups, and the commission (GET /affiliate). */
    affiliates: createAffiliateService({ db, config }),
    transcription,
    audio,
    /** Decoding and re-encoding on worker threads, for any service; closed by the server. */
    media,
    deletion,
    orphans: createOrphanSweep({ db, storage }),
    /** Recordings sent over tus while the person speaks (src/uploads/, decision 0070). */
    progressiveUploads: createProgressiveUploads({
      directory: config.progressiveUploadsDir,
      maxBytes: config.maxUploadBytes,
      recordings,
    }),
    jobs: {
      queue,
      handlers: jobHandlers,
      /** Called by the server once its worker exists. */
      onWake(listener: () => void) {
        wakeJobs = listener;
      },
    },
  };
}

export type Services = ReturnType<typeof createServices>;
