import type { HttpErrorReport } from '@vocal/api-client';
import {
  APP_VERSION,
  envelopeUrlWithKey,
  exceptionValues,
  newEventId,
  sentryTimestamp,
  serializeEnvelope,
  type SentryEvent,
  type SentryLevel,
} from '@vocal/settings-model';
import { addBreadcrumb, breadcrumbs, withoutQuery } from './breadcrumbs.ts';
import { reportingTarget } from './reporting-target.ts';

/** A page stuck in a loop of failures must not flood the service: past this, errors are only logged. */
const MAX_EVENTS_PER_PAGE = 50;

let userId: string | null = null;
let lastEventId: string | null = null;
let eventsSent = 0;

/** The signed-in person's id (never their email or name), or null once signed out. */
export function setReportingUser(id: number | null) {
  userId = id === null ? null : String(id);
}

/** The id of the last event this page sent, for the report-issue dialog to attach its text to. */
export const lastReportedEventId = () => lastEventId;

// Only our own scripts are "in app"; an extension's or a CDN's are not.
const isInApp = (filename: string) => filename.startsWith(window.location.origin);

type EventContent = Pick<SentryEvent, 'level' | 'exception' | 'message' | 'request' | 'contexts' | 'tags'>;

async function send(content: EventContent) {
  const target = await reportingTarget();
  if (!target || eventsSent >= MAX_EVENTS_PER_PAGE) return;
  eventsSent += 1;
  const event: SentryEvent = {
    event_id: newEventId(),
    timestamp: sentryTimestamp(),
    platform: 'javascript',
    release: APP_VERSION,
    environment: target.environment,
    logger: 'web',
    request: { url: withoutQuery(window.location.href) },
    sdk: { name: 'vocal.web', version: APP_VERSION },
    breadcrumbs: { values: breadcrumbs() },
    ...(userId === null ? {} : { user: { id: userId } }),
    ...content,
  };
  lastEventId = event.event_id;
  const url = envelopeUrlWithKey(target.dsn);
  const body = serializeEnvelope(target.dsn, { type: 'event', payload: event });
  // A beacon survives the page closing; where it is refused (too large, queue full), a keepalive fetch.
  if (navigator.sendBeacon?.(url, body)) return;
  await fetch(url, { method: 'POST', body, keepalive: true, mode: 'no-cors' }).catch(() => undefined);
}

/** An uncaught error, an unhandled rejection or a render error (the fatal-error boundary's). */
export function captureClientError(error: unknown, source: string, level: SentryLevel = 'error') {
  const values = exceptionValues(error, { isInApp });
  addBreadcrumb({ type: 'error', category: 'exception', level, message: values.at(-1)?.value });
  void send({ level, exception: { values }, tags: { source } });
}

/**
 * An API answer of 400-599 (spec section 8): a 5xx is captured with its response, as an
 * error; a 4xx is reported as a warning. Both leave a breadcrumb for what follows.
 */
export function captureHttpError(report: HttpErrorReport) {
  const url = withoutQuery(report.url);
  const serverError = report.status >= 500;
  const summary = `${report.method} ${new URL(url).pathname} answered ${report.status}: ${report.body.msg}`;
  addBreadcrumb({
    type: 'http',
    category: 'fetch',
    level: serverError ? 'error' : 'warning',
    data: { method: report.method, url, status_code: report.status },
  });
  void send({
    level: serverError ? 'error' : 'warning',
    message: { formatted: summary },
    request: { method: report.method, url },
    tags: { source: 'api-response' },
    ...(serverError ? { contexts: { response: { type: 'response', status_code: report.status } } } : {}),
  });
}
