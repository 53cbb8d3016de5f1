/**
 * The part of Sentry's event payload this product sends. Only these fields exist, so nothing
 * else (headers, cookies, bodies, an email address) can travel by accident.
 */
export type SentryLevel = 'fatal' | 'error' | 'warning' | 'info';

export type SentryStackFrame = {
  function?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
  /** Our code rather than a dependency's or the runtime's. */
  in_app?: boolean;
};

export type SentryException = {
  type: string;
  value: string;
  /** Oldest call first, the frame that threw last (Sentry's order). */
  stacktrace?: { frames: SentryStackFrame[] };
};

export type SentryBreadcrumb = {
  /** Seconds since the epoch. */
  timestamp: number;
  type?: 'default' | 'http' | 'navigation' | 'error';
  category: string;
  level?: SentryLevel;
  message?: string;
  data?: Record<string, string | number>;
};

/** The user is known by id only: never an email, a name or an address. */
export type SentryUser = { id: string };

export type SentryEvent = {
  /** 32 lowercase hex digits. */
  event_id: string;
  /** Seconds since the epoch. */
  timestamp: number;
  platform: 'javascript' | 'node';
  level: SentryLevel;
  release: string;
  environment: string;
  logger?: string;
  transaction?: string;
  message?: { formatted: string };
  exception?: { values: SentryException[] };
  user?: SentryUser;
  /** Method and URL without its query; no headers, cookies or body. */
  request?: { method?: string; url: string };
  tags?: Record<string, string>;
  contexts?: Record<string, Record<string, string | number | boolean>>;
  breadcrumbs?: { values: SentryBreadcrumb[] };
  sdk: { name: string; version: string };
};

/**
 * A user feedback event (envelope item type "feedback"): the comments travel as
 * contexts.feedback.message, tied to an earlier event by associated_event_id.
 */
export type SentryFeedbackEvent = Omit<SentryEvent, 'exception' | 'message' | 'request' | 'breadcrumbs' | 'contexts'> & {
  contexts: { feedback: { message: string; name?: string; url?: string; associated_event_id?: string; source: string } };
};

/** A new event id: 32 hex digits from the platform's random source (Node 20 and browsers alike). */
export function newEventId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Now, as Sentry's timestamps are: seconds since the epoch. */
export const sentryTimestamp = (milliseconds = Date.now()) => milliseconds / 1000;
