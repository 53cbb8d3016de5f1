import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { PLAN_IDS, sentryDsnSchema, type SentryDsn } from '@vocal/settings-model';
import { appRoot } from './app-root.ts';
import { defaultMediaWorkers } from './media/media-pool.ts';
import type { S3StorageOptions } from './storage/s3-storage.ts';

/**
 * The server's whole configuration. This is the only module that reads process.env; every
 * variable has a default that works on a laptop with nothing else running. README.md lists
 * them; keep the two in step.
 */
const port = z.coerce.number().int().min(0).max(65_535);
const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');
/** Comma-separated origins (scheme://host[:port]), trailing slashes dropped. */
const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+$/i, { error: 'each origin must be scheme://host[:port]' })));
const MICROSOFT_LOGIN = 'https://login.microsoftonline.com';

export const envSchema = z.object({
  /** Port to listen on; 0 picks a free one. */
  PORT: port.default(3000),
  /** Interface to bind. */
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database, uploaded files and the mail outbox live. */
  DATA_DIR: z.string().default('./data'),
  /**
   * Where recordings sent while they are recorded (tus, src/uploads/) wait for their last byte.
   * Several server processes behind one address share one such folder, so a PATCH may reach any.
   */
  PROGRESSIVE_UPLOADS_DIR: z.string().optional(),
  /** PostgreSQL connection string; unset means the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** The origin people reach the app at; links and file URLs are built from it. */
  PUBLIC_URL: z.string().url().optional(),
  /** Secret for signing access tokens; unset means one is generated and kept in the database. */
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(60),
  /** scrypt cost parameter N (a power of two); 2^15 uses 32 MiB per hash. */
  SCRYPT_COST: z.coerce
    .number()
    .int()
    .refine((value) => value >= 1024 && (value & (value - 1)) === 0, {
      error: 'SCRYPT_COST must be a power of two, at least 1024',
    })
    .default(32_768),
  /** Largest recording accepted, in megabytes. */
  MAX_UPLOAD_MB: z.coerce.number().positive().default(100),
  /** Storage each Free account may fill, in megabytes: its messages, visitors' messages to it and its pictures. */
  STORAGE_QUOTA_FREE_MB: z.coerce.number().positive().default(1024),
  /** The same for a Pro account. */
  STORAGE_QUOTA_PRO_MB: z.coerce.number().positive().default(51_200),
  /** What one visitor address may add to one account's storage in 24 hours, in megabytes. */
  VISITOR_STORAGE_CAP_MB: z.coerce.number().positive().default(50),
  /** The built web app to serve; unset means apps/web/dist beside this app. */
  WEB_DIST: z.string().optional(),
  /** The folder holding each host app's folder with its dist/ (served at /hosts/{host}/); unset means apps/. */
  HOST_APPS_DIR: z.string().optional(),
  /**
   * A PEM file (RSA, PKCS#8) with the key the server signs the self-hosted Chrome extension with
   * (/hosts/chrome-extension/vocal.crx); it fixes the extension's id. Unset: a key made on first use and kept in the database.
   */
  CHROME_EXTENSION_KEY_FILE: z.string().optional(),
  /**
   * Who may create an account: open (anyone, from the login page or a host's first sign-in),
   * invite (only `admin users create`, later a team invite) or closed (no one new).
   */
  SIGNUP: z.enum(['open', 'invite', 'closed']).default('open'),
  /** Whom the login page tells people to ask for an account when sign-up is not open (an email or a name). */
  SIGNUP_CONTACT: z.string().trim().min(1).max(200).optional(),
  /**
   * The affiliate programme's commission: this percentage of what a referred person pays in the
   * first year after their first payment (GET /affiliate). 0 shows no commission.
   */
  AFFILIATE_COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(20),
  /** Sign-in attempts allowed per client address per minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /**
   * What one visitor address may do per 10 minutes, for each of: start a recording, send a
   * comment, send a contact-form message (uploads get twice as many, for retries).
   */
  VISITOR_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /**
   * Recording handoffs (POST /recording-handoff) one client address may create per 10 minutes.
   * Generous: Apps Script's UrlFetchApp calls come from Google's shared addresses, so every
   * user of the Gmail and Docs add-ons may count against one address.
   */
  HANDOFF_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  /** How many people one team owner may have in their team, members and pending invites together (decision 0033). */
  TEAM_MAX_MEMBERS: z.coerce.number().int().min(0).max(1000).default(10),
  /**
   * The hosts (host or host:port) that are the product itself, comma-separated. A request to
   * any other host (a custom domain) is redirected to PUBLIC_URL unless it is for a listen page.
   */
  PRODUCT_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^(\[[0-9a-f:]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, { error: 'each host must be a host name or host:port' }))
        .min(1),
    )
    .optional(),
  /**
   * The host a custom domain's CNAME record must name, as shown on the Custom domain page and
   * checked by its DNS check. Unset: the host of PUBLIC_URL.
   */
  CUSTOM_DOMAIN_TARGET: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, { error: 'CUSTOM_DOMAIN_TARGET must be a host name' })
    .optional(),
  /**
   * DNS servers (ip or ip:port, IPv6 as [ip]:port, comma-separated) the custom domain check
   * asks. Unset: the system's resolvers (/etc/resolv.conf).
   */
  DNS_SERVERS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((server) => server.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z.string().regex(/^(\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+|\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?)$/i, {
            error: 'each DNS server must be an IP address, with an optional :port',
          }),
        )
        .min(1),
    )
    .optional(),
  /** Outbound mail over SMTP, e.g. smtps://user:password@smtp.example.com; unset writes .eml files to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//i.test(value), { error: 'SMTP_URL must start with smtp:// or smtps://' })
    .optional(),
  /** The From of outbound mail; unset: Vocal <no-reply@{the host of PUBLIC_URL}>. */
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * Whether a new account must open a link mailed to its address before the server mails it
   * anything else and opens its contact form and collect page. auto: when SMTP_URL is set (the
   * outbox reaches no one, so there is nobody to protect and no link anyone could open).
   */
  EMAIL_CONFIRMATION: z.enum(['auto', 'required', 'off']).default('auto'),
  /** Take the client address from X-Forwarded-For and the host from X-Forwarded-Host (set when behind a reverse proxy). */
  TRUST_PROXY: flag.default(false),
  /**
   * Let webhooks deliver to private, loopback and link-local addresses (a receiver on the
   * operator's own network). Off: such addresses are refused when saved and at every delivery.
   */
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  /**
   * Turns on GET /metrics (Prometheus text format) for scrapers sending `Authorization: Bearer
   * <METRICS_TOKEN>` (16+ characters). Unset: /metrics answers 404.
   */
  METRICS_TOKEN: z.string().trim().min(16, { error: 'METRICS_TOKEN must be at least 16 characters' }).max(512).optional(),
  /**
   * Other origins (scheme://host[:port], comma-separated) whose pages may call the API from a
   * browser, such as an add-in served from another host. Unset: none; every page of ours is
   * served from PUBLIC_URL itself.
   */
  CORS_ORIGINS: originList.default([]),
  /**
   * Origins (comma-separated) that may frame every host app under /hosts/, beside each host's
   * own (Teams and Microsoft 365, Zendesk, Front, Zoho Mail): a test harness, or a host's
   * preview environment. Unset: none.
   */
  HOST_FRAME_ANCESTORS: originList.default([]),
  /**
   * The Microsoft Entra application (client) id whose tokens POST /api/microsoft-auth accepts
   * (Teams single sign-on, "Sign in with Microsoft"). Unset: Microsoft sign-in is off.
   */
  MICROSOFT_CLIENT_ID: z.string().trim().min(1).max(200).optional(),
  /**
   * Whose Microsoft accounts may sign in: a tenant id (one organisation), `organizations` (any
   * work or school account), `consumers` (personal accounts) or `common` (both).
   */
  MICROSOFT_TENANT: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(common|organizations|consumers|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/, {
      error: 'MICROSOFT_TENANT must be a tenant id (a GUID), organizations, consumers or common',
    })
    .default('common'),
  /** Where Microsoft's token-signing keys are fetched (a JWKS). Unset: {MICROSOFT_ISSUER_BASE}/{tenant}/discovery/v2.0/keys. */
  MICROSOFT_JWKS_URL: z.string().url().optional(),
  /** The sign-in authority tokens name as issuer, {base}/{tenant id}/v2.0 (another cloud's, such as login.microsoftonline.us). */
  MICROSOFT_ISSUER_BASE: z.string().url().default(MICROSOFT_LOGIN),
  /** Serve the web app's source maps (*.map), when the build made them (SOURCE_MAPS=true at build time). */
  SERVE_SOURCE_MAPS: flag.default(false),
  LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'info', 'debug']).default('info'),
  /**
   * A Sentry DSN (https://<public key>@<host>/<project id>): server errors and the web app's
   * errors are sent there as Sentry envelopes. Unset: nothing is ever sent.
   */
  ERROR_REPORTING_DSN: sentryDsnSchema.optional(),
  /** The environment each error report names (production, staging, ...). */
  ERROR_REPORTING_ENVIRONMENT: z.string().trim().min(1).max(64).default('production'),

  /**
   * On SIGTERM or SIGINT, how long requests in flight (and running jobs) may take to finish
   * before their connections are cut; running jobs not done by then go back to the queue.
   * Give the orchestrator's kill timeout more (Compose: stop_grace_period).
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(25),
  /** Jobs this process runs at once; 0 runs none here. Unset: 1 on PGlite, 2 on PostgreSQL. */
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(64).optional(),
  /** How long a claimed job is held without a heartbeat before another process may take it. */
  JOB_LEASE_SECONDS: z.coerce.number().positive().default(60),
  /** Tries before a job gives up into its error state. */
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  /** Wait before the first retry; it doubles with each further failure. */
  JOB_RETRY_BASE_SECONDS: z.coerce.number().nonnegative().default(10),
  /**
   * How often an idle worker looks for jobs queued or abandoned by other processes: 1 s on
   * PostgreSQL, 10 s on PGlite, which serves one process (its own jobs, retries and sweeps wake
   * it on time; the poll only finds a job a stopped run of it left behind).
   */
  JOB_POLL_MS: z.coerce.number().int().min(10).optional(),
  /** How often expired recordings are looked for, so a job deletes their files. */
  EXPIRY_SWEEP_SECONDS: z.coerce.number().positive().default(60),
  /**
   * How long a public listen payload is kept in this process's memory; 0 turns the cache off. A
   * change made through this process is seen at once; one made through another process within this.
   */
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** How often counted listens are written in one batch; 0 writes each listen before answering. */
  LISTEN_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Worker threads for decoding and re-encoding audio, off the event loop. Unset: one less than the cores, at least 1. */
  MEDIA_WORKERS: z.coerce.number().int().min(1).max(64).optional(),

  /** Speech to text: auto picks the API when configured, else pocketsphinx when installed. */
  TRANSCRIBER: z.enum(['auto', 'openai', 'local', 'none']).default('auto'),
  /** Base URL of an OpenAI-compatible API (OpenAI, Groq, a self-hosted whisper server). */
  TRANSCRIPTION_API_URL: z.string().url().optional(),
  TRANSCRIPTION_API_KEY: z.string().optional(),
  TRANSCRIPTION_MODEL: z.string().default('whisper-1'),
  /** Per request to a speech or chat API; a request that takes longer is retried by the queue. */
  TRANSCRIPTION_TIMEOUT_SECONDS: z.coerce.number().positive().default(300),
  /** The pocketsphinx command (Debian packages pocketsphinx and pocketsphinx-en-us). */
  POCKETSPHINX_PATH: z.string().default('pocketsphinx_continuous'),
  /** Chat model for the summary of a transcript; unset means no summaries. */
  SUMMARY_MODEL: z.string().optional(),
  /** Chat API base URL and key; unset means the transcription API's. */
  SUMMARY_API_URL: z.string().url().optional(),
  SUMMARY_API_KEY: z.string().optional(),

  /** Where recordings and pictures are kept: local disk under DATA_DIR, or an S3 bucket. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** For S3-compatible services (SeaweedFS, Garage, R2, ...); unset means AWS. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Public base URL of the bucket (or its CDN); unset means {endpoint}/{bucket} or the AWS URL. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** Address the bucket as {endpoint}/{bucket} rather than {bucket}.{endpoint}. */
  S3_FORCE_PATH_STYLE: flag.default(false),

  /**
   * Stripe billing (src/billing/). It is on only when the secret key, the webhook signing secret
   * and the monthly price are all set; otherwise new accounts get DEFAULT_PLAN and the administrator sets plans.
   */
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  /** The signing secret (whsec_...) of the webhook endpoint registered at {PUBLIC_URL}/api/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** Price ids (price_...) of Pro billed monthly, yearly, and once for a lifetime (optional). */
  STRIPE_PRICE_MONTHLY: z.string().trim().min(1).optional(),
  STRIPE_PRICE_YEARLY: z.string().trim().min(1).optional(),
  STRIPE_PRICE_LIFETIME: z.string().trim().min(1).optional(),
  /** Where the Stripe API is reached (scheme://host[:port]); unset: Stripe's own. Tests point it at a local stand-in. */
  STRIPE_API_URL: z.string().url().optional(),
  /** Days of free trial a person's first subscription starts with; 0: no trial. */
  TRIAL_DAYS: z.coerce.number().int().min(0).max(730).default(0),
  /**
   * The plan each new account starts on. pro suits a server for a team or a family that takes no
   * payments; with Stripe billing on only free is accepted (nobody would pay). Existing
   * accounts keep theirs: `pnpm admin users set-plan` changes one.
   */
  DEFAULT_PLAN: z.enum(['free', 'pro']).default('free'),
  /** Messages a Free account may send each calendar month (the paywall comes after them). */
  FREE_MESSAGES_PER_MONTH: z.coerce.number().int().min(1).max(100_000).default(50),
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** PROGRESSIVE_UPLOADS_DIR, else DATA_DIR/progressive-uploads. */
  progressiveUploadsDir: string;
  databaseUrl: string | null;
  /** Without a trailing slash. With PORT=0 and no PUBLIC_URL, main.ts fills in the bound port. */
  publicUrl: string;
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  scryptCost: number;
  maxUploadBytes: number;
  storageQuota: { freeBytes: number; proBytes: number; visitorBytesPerDay: number };
  webDist: string;
  hostAppsFolder: string;
  /** The PEM file of the self-hosted Chrome extension's signing key; null: the key kept in the database. */
  chromeExtensionKeyFile: string | null;
  trustProxy: boolean;
  /** WEBHOOK_ALLOW_PRIVATE. */
  webhookAllowPrivate: boolean;
  /** Null: /metrics is off. */
  metricsToken: string | null;
  /** Origins besides our own that may call the API from a browser. */
  corsOrigins: string[];
  /** Origins besides each host's own that may frame the host apps. */
  hostFrameAncestors: string[];
  /** Null: Microsoft sign-in is off. */
  microsoft: MicrosoftConfig | null;
  serveSourceMaps: boolean;
  /** Who may create an account, and whom to ask when they may not (null: the administrator). */
  signup: { policy: Env['SIGNUP']; contact: string | null };
  /** AFFILIATE_COMMISSION_PERCENT. */
  affiliateCommissionPercent: number;
  authRateLimitPerMinute: number;
  visitorRateLimit: number;
  handoffRateLimit: number;
  /** Members and pending invites one team owner may have (TEAM_MAX_MEMBERS). */
  teamMaxMembers: number;
  /** Null: the host of publicUrl, plus localhost, 127.0.0.1 and [::1] on any port. */
  productHosts: string[] | null;
  customDomain: {
    /** Null: the host of publicUrl (read when used: publicUrl may follow the bound port). */
    target: string | null;
    /** Null: the system's resolvers. */
    dnsServers: string[] | null;
  };
  mail: {
    /** Null: no SMTP server; mail is written to DATA_DIR/outbox. */
    smtpUrl: string | null;
    /** Null: Vocal <no-reply@{the host of publicUrl}>, once publicUrl is known. */
    from: string | null;
    /** EMAIL_CONFIRMATION worked out: whether addresses must be confirmed (accounts/email-confirmation.ts). */
    confirmAddresses: boolean;
  };
  logLevel: Env['LOG_LEVEL'];
  /** Null dsn: error reporting is off. */
  errorReporting: { dsn: SentryDsn | null; environment: string };
  /** Worker threads of the media pool (src/media/media-pool.ts). */
  mediaWorkers: number;
  /** SHUTDOWN_GRACE_SECONDS in milliseconds. */
  shutdownGraceMs: number;
  jobs: {
    /** Null: chosen by the database kind at start. */
    concurrency: number | null;
    leaseSeconds: number;
    maxAttempts: number;
    retryBaseSeconds: number;
    pollMs: number;
    expirySweepSeconds: number;
  };
  /** The public listen path (src/cache/, docs/decisions/0031-listen-path-cache.md). */
  listenPath: { publicCacheSeconds: number; listenFlushMs: number };
  transcription: {
    provider: Env['TRANSCRIBER'];
    /** Null when no OpenAI-compatible API is configured. */
    api: { url: string; key: string | null; model: string } | null;
    timeoutMs: number;
    pocketsphinxPath: string;
    /** PATH, where auto looks for the pocketsphinx command. */
    searchPath: string;
    /** Null when summaries are off. */
    summary: { url: string; key: string | null; model: string } | null;
  };
  storage: { kind: 'local' } | ({ kind: 's3' } & S3StorageOptions);
  /** Null: billing is off (no Stripe key, webhook secret or monthly price). */
  billing: BillingConfig | null;
  /** Days of trial on a first subscription; 0: none. */
  trialDays: number;
  /** Messages a Free account may send per calendar month. */
  freeMessagesPerMonth: number;
  /** The plan (a PLAN_IDS value) new accounts start on: DEFAULT_PLAN. */
  defaultPlan: number;
};

export type BillingConfig = {
  secretKey: string;
  webhookSecret: string;
  prices: { monthly: string; yearly: string | null; lifetime: string | null };
  /** Null: Stripe's own API. */
  apiUrl: string | null;
};

export type MicrosoftConfig = {
  clientId: string;
  /** A tenant id, or organizations, consumers or common. */
  tenant: string;
  jwksUrl: string;
  /** Without a trailing slash. */
  issuerBase: string;
};

const OPENAI_URL = 'https://api.openai.com/v1';

/**
 * Reads the configuration. Relative paths are taken from the directory the user ran the
 * command in (pnpm passes it as INIT_CWD), not from this package's folder.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const base = source.INIT_CWD ?? process.cwd();
  const fromBase = (path: string) => (isAbsolute(path) ? path : resolve(base, path));
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: fromBase(env.DATA_DIR),
    progressiveUploadsDir: fromBase(env.PROGRESSIVE_UPLOADS_DIR ?? join(env.DATA_DIR, 'progressive-uploads')),
    databaseUrl: env.DATABASE_URL ?? null,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET ?? null,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    scryptCost: env.SCRYPT_COST,
    maxUploadBytes: Math.round(env.MAX_UPLOAD_MB * 1024 * 1024),
    storageQuota: {
      freeBytes: Math.round(env.STORAGE_QUOTA_FREE_MB * 1024 * 1024),
      proBytes: Math.round(env.STORAGE_QUOTA_PRO_MB * 1024 * 1024),
      visitorBytesPerDay: Math.round(env.VISITOR_STORAGE_CAP_MB * 1024 * 1024),
    },
    webDist: env.WEB_DIST ? fromBase(env.WEB_DIST) : resolve(appRoot, '../web/dist'),
    hostAppsFolder: env.HOST_APPS_DIR ? fromBase(env.HOST_APPS_DIR) : resolve(appRoot, '..'),
    chromeExtensionKeyFile: env.CHROME_EXTENSION_KEY_FILE ? fromBase(env.CHROME_EXTENSION_KEY_FILE) : null,
    trustProxy: env.TRUST_PROXY,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    metricsToken: env.METRICS_TOKEN ?? null,
    corsOrigins: env.CORS_ORIGINS,
    hostFrameAncestors: env.HOST_FRAME_ANCESTORS,
    microsoft: microsoftConfig(env),
    serveSourceMaps: env.SERVE_SOURCE_MAPS,
    signup: { policy: env.SIGNUP, contact: env.SIGNUP_CONTACT ?? null },
    affiliateCommissionPercent: env.AFFILIATE_COMMISSION_PERCENT,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    visitorRateLimit: env.VISITOR_RATE_LIMIT,
    handoffRateLimit: env.HANDOFF_RATE_LIMIT,
    teamMaxMembers: env.TEAM_MAX_MEMBERS,
    productHosts: env.PRODUCT_HOSTS ?? null,
    customDomain: { target: env.CUSTOM_DOMAIN_TARGET ?? null, dnsServers: env.DNS_SERVERS ?? null },
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM ?? null,
      confirmAddresses: env.EMAIL_CONFIRMATION === 'required' || (env.EMAIL_CONFIRMATION === 'auto' && env.SMTP_URL !== undefined),
    },
    logLevel: env.LOG_LEVEL,
    errorReporting: { dsn: env.ERROR_REPORTING_DSN ?? null, environment: env.ERROR_REPORTING_ENVIRONMENT },
    mediaWorkers: env.MEDIA_WORKERS ?? defaultMediaWorkers(),
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    jobs: {
      concurrency: env.JOB_CONCURRENCY ?? null,
      leaseSeconds: env.JOB_LEASE_SECONDS,
      maxAttempts: env.JOB_MAX_ATTEMPTS,
      retryBaseSeconds: env.JOB_RETRY_BASE_SECONDS,
      pollMs: env.JOB_POLL_MS ?? (env.DATABASE_URL ? 1000 : 10_000),
      expirySweepSeconds: env.EXPIRY_SWEEP_SECONDS,
    },
    listenPath: { publicCacheSeconds: env.PUBLIC_CACHE_SECONDS, listenFlushMs: env.LISTEN_FLUSH_MS },
    transcription: transcriptionConfig(env, source.PATH ?? ''),
    storage: storageConfig(env),
    billing: billingConfig(env),
    trialDays: env.TRIAL_DAYS,
    freeMessagesPerMonth: env.FREE_MESSAGES_PER_MONTH,
    defaultPlan: defaultPlanOf(env),
  };
}

function defaultPlanOf(env: Env): number {
  if (env.DEFAULT_PLAN === 'pro' && billingConfig(env)) {
    throw new Error(
      'Invalid configuration:\n  DEFAULT_PLAN=pro gives every new account Pro: with Stripe billing on, nobody would pay. Unset one of them',
    );
  }
  return PLAN_IDS[env.DEFAULT_PLAN];
}

function billingConfig(env: Env): BillingConfig | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_PRICE_MONTHLY) return null;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    prices: { monthly: env.STRIPE_PRICE_MONTHLY, yearly: env.STRIPE_PRICE_YEARLY ?? null, lifetime: env.STRIPE_PRICE_LIFETIME ?? null },
    apiUrl: env.STRIPE_API_URL ? env.STRIPE_API_URL.replace(/\/+$/, '') : null,
  };
}

function transcriptionConfig(env: Env, searchPath: string): Config['transcription'] {
  // A URL alone (a self-hosted whisper server) or a key alone (OpenAI itself) configures the API.
  const configured = env.TRANSCRIPTION_API_URL !== undefined || env.TRANSCRIPTION_API_KEY !== undefined;
  const apiUrl = (env.TRANSCRIPTION_API_URL ?? OPENAI_URL).replace(/\/+$/, '');
  if (env.TRANSCRIBER === 'openai' && !configured) {
    throw new Error('Invalid configuration:\n  TRANSCRIBER=openai needs TRANSCRIPTION_API_URL or TRANSCRIPTION_API_KEY');
  }
  const summaryUrl = env.SUMMARY_API_URL ?? (configured ? apiUrl : undefined);
  return {
    provider: env.TRANSCRIBER,
    api: configured ? { url: apiUrl, key: env.TRANSCRIPTION_API_KEY ?? null, model: env.TRANSCRIPTION_MODEL } : null,
    timeoutMs: env.TRANSCRIPTION_TIMEOUT_SECONDS * 1000,
    pocketsphinxPath: env.POCKETSPHINX_PATH,
    searchPath,
    summary: env.SUMMARY_MODEL
      ? {
          url: (summaryUrl ?? OPENAI_URL).replace(/\/+$/, ''),
          key: env.SUMMARY_API_KEY ?? env.TRANSCRIPTION_API_KEY ?? null,
          model: env.SUMMARY_MODEL,
        }
      : null,
  };
}

function microsoftConfig(env: Env): MicrosoftConfig | null {
  if (!env.MICROSOFT_CLIENT_ID) return null;
  const issuerBase = env.MICROSOFT_ISSUER_BASE.replace(/\/+$/, '');
  return {
    clientId: env.MICROSOFT_CLIENT_ID,
    tenant: env.MICROSOFT_TENANT,
    jwksUrl: env.MICROSOFT_JWKS_URL ?? `${issuerBase}/${env.MICROSOFT_TENANT}/discovery/v2.0/keys`,
    issuerBase,
  };
}

function storageConfig(env: Env): Config['storage'] {
  if (env.STORAGE === 'local') return { kind: 'local' };
  if (!env.S3_BUCKET) throw new Error('Invalid configuration:\n  STORAGE=s3 needs S3_BUCKET');
  const endpoint = env.S3_ENDPOINT?.replace(/\/+$/, '') ?? null;
  const publicUrl =
    env.S3_PUBLIC_URL ??
    (endpoint
      ? env.S3_FORCE_PATH_STYLE
        ? `${endpoint}/${env.S3_BUCKET}`
        : endpoint.replace('://', `://${env.S3_BUCKET}.`)
      : `https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`);
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? null,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/**
 * A path the user typed on the command line (such as a backup file), taken from the folder
 * they ran the command in: pnpm runs scripts in the package's folder and passes that one as INIT_CWD.
 */
export function pathFromInvocation(path: string, source: Record<string, string | undefined> = process.env): string {
  return isAbsolute(path) ? path : resolve(source.INIT_CWD ?? process.cwd(), path);
}

/** Whether PUBLIC_URL was left to default, so it can follow the port actually bound. */
export function publicUrlIsDefault(source: Record<string, string | undefined> = process.env) {
  return !source.PUBLIC_URL;
}
