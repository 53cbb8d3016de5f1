/**
 * Every business constant and limit of spec section 9 (and the few of sections 2 and 4
 * the UI needs), in one typed module. Nothing else in the workspace spells these numbers.
 */

export const APP_VERSION = '12.4.10';

/** Plans are numbers on the user (`plan`, default 0). */
export const PLAN_IDS = { free: 0, pro: 1 } as const;
export type PlanId = (typeof PLAN_IDS)[keyof typeof PLAN_IDS];
export const DEFAULT_PLAN = PLAN_IDS.free;

export const PRICES = {
  proMonthly: 30,
  proYearly: 299,
  /** Lifetime is always shown at 0. */
  lifetime: 0,
  currency: 'USD',
} as const;

export const LIMITS = {
  free: {
    /** Free records at most one minute. */
    maxRecordingSeconds: 60,
    messagesPerMonth: 50,
    pausing: false,
    customization: false,
    branding: true,
  },
  pro: {
    maxRecordingSeconds: null,
    messagesPerMonth: null,
    pausing: true,
    customization: true,
    branding: false,
  },
} as const;

/**
 * What a visitor (a reply, a contact-form or collect message) may record into someone's
 * account, whatever the owner's plan: the owner's plan limits apply to the owner's own messages.
 */
export const VISITOR_LIMITS = {
  maxRecordingSeconds: 300,
} as const;

/** Any paid plan number counts as Pro; Free is 0. The one rule the client and server share. */
export const isProPlan = (plan: number): boolean => plan >= PLAN_IDS.pro;

/** The limits of a user's plan number. */
export const limitsForPlan = (plan: number) => (isProPlan(plan) ? LIMITS.pro : LIMITS.free);

export const DEFAULT_NAMES = {
  /** The public listen payload's fallback for a sender without a name. */
  someone: 'Someone',
  /** A personalised user name that is empty becomes this. */
  you: 'You',
} as const;

export const IMAGE_RESIZE = {
  default: { width: 1024, format: 'webp', quality: 1 },
  avatar: { width: 1024, format: 'png' },
} as const;

export const PAYMENT_POPUP = { width: 384, height: 782 } as const;

export const TIMINGS = {
  chunkReloadThrottleMs: 10_000,
  iconFetchTimeoutMs: 5_000,
  popupClosePollMs: 1_500,
  filePickerCancelCheckMs: 300,
  persistedStateDebounceMs: 500,
} as const;

export const SHARE = {
  defaultTitle: 'Listen to my voice message',
  captionMaxLength: 50,
  imageCaptionMaxLength: 200,
} as const;

export const BUG_REPORT = {
  emailBodyMaxLength: 1_600,
  minTextLength: 10,
} as const;

export const ERROR_REPORTING = {
  sampleRate: 1,
  maxBreadcrumbs: 100,
  maxValueLength: 500,
  ignoredErrors: ['ResizeObserver loop completed', 'Unable to preload CSS'],
} as const;

export const LOADING_BAR = {
  throttleMs: 200,
  durationMs: 2_000,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 4,
  colour: '#267EFA',
} as const;

export const SPINNER_SIZES = { base: 24, sm: 20, xs: 16 } as const;
export const SPINNER_BORDER_PX = 3;
export type SpinnerSize = keyof typeof SPINNER_SIZES;

export const BUTTON_DEFAULTS = { size: 'base', variant: 'primary' } as const;

export const DEFAULT_LOCALE = 'en';
export const ALERT_DIALOG_DEFAULT_ICON = 'face-scan';
export const COOKIE_PATH = '/';

export const FATAL_ERROR_TEXT = {
  title: 'Uh oh! An error occurred',
  subtitle: 'You can still continue. If this issue persists please contact us',
  button: 'Continue',
  logTitle: 'Fatal error occurred in client app',
} as const;

export const UPLOAD_FAILURE_TITLE = 'Failed to upload files';

/** 401 bodies (besides any 401) that make the client refresh its token once and retry. */
export const REFRESH_TRIGGER_MESSAGES = ['Token has expired', 'Not enough segments', 'Signature verification failed'] as const;

/** Statuses the HTTP layer retries, for methods other than POST, PUT, PATCH and DELETE. */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504] as const;

export const ROUTE_ERRORS = {
  validation: { status: 404, message: 'Page Not Found' },
  missing: { status: 404, message: 'Page not found' },
} as const;

/** The path of a listen page under the recording's domain or the app's public URL. */
export const LISTEN_PATH = '/listen/';
/** The share path of the main app: the default invite link. */
export const SHARE_PATH = '/record/share/';
