import {
  APP_VERSION,
  exceptionValues,
  newEventId,
  sentryAuthHeader,
  sentryTimestamp,
  serializeEnvelope,
  type EnvelopeItem,
  type SentryDsn,
  type SentryEvent,
} from '@vocal/settings-model';
import type { Logger } from '../logger.ts';
import { redactPersonalData } from '../log-redaction.ts';

/** What the 500 path knows about the request that failed: never its headers, query or body. */
export type FailedRequest = {
  method: string;
  /** The matched route ("/api/recordings/:id"), so ids and tokens in paths stay out. */
  route: string;
  requestId: string;
  userId: number | null;
};

/** The report-issue dialog's text, attached to an earlier event as Sentry user feedback. */
export type IssueReport = {
  comments: string;
  /** The sender's display name; the email stays in our database and is never sent. */
  name: string | null;
  eventId: string | null;
  userId: number | null;
};

export type ErrorReporter = {
  enabled: boolean;
  /** Sends the error in the background and answers its event id; null when reporting is off. */
  captureRequestError(error: unknown, request: FailedRequest): string | null;
  sendIssueReport(report: IssueReport): void;
};

const SEND_TIMEOUT_MS = 10_000;
const CLIENT = `vocal-api/${APP_VERSION}`;

// Our own code, as opposed to dependencies and Node's internals.
const isInApp = (filename: string) => !filename.includes('/node_modules/') && !filename.startsWith('node:');

/**
 * Sends server errors to a Sentry-compatible service (ERROR_REPORTING_DSN) as envelopes. A
 * send never delays or breaks the response it is about: it runs after, with a timeout, and a
 * failure is only logged. Without a DSN nothing is built and nothing is sent.
 */
export function createErrorReporter(options: {
  dsn: SentryDsn | null;
  environment: string;
  publicUrl: string;
  logger: Logger;
  fetch?: typeof fetch;
}): ErrorReporter {
  const { dsn, logger } = options;
  if (!dsn) return { enabled: false, captureRequestError: () => null, sendIssueReport: () => {} };
  const send = options.fetch ?? fetch;

  const post = (item: EnvelopeItem) => {
    const body = serializeEnvelope(dsn, item);
    void send(dsn.envelopeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': sentryAuthHeader(dsn, CLIENT) },
      body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    }).then(
      async (response) => {
        await response.body?.cancel();
        if (!response.ok)
          logger.warn('The error-reporting service refused a report', { status: response.status, eventId: item.payload.event_id });
      },
      (error: unknown) =>
        logger.warn('Could not send an error report', {
          eventId: item.payload.event_id,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
  };

  const base = (userId: number | null) => ({
    event_id: newEventId(),
    timestamp: sentryTimestamp(),
    platform: 'node' as const,
    release: APP_VERSION,
    environment: options.environment,
    sdk: { name: 'vocal.api', version: APP_VERSION },
    ...(userId === null ? {} : { user: { id: String(userId) } }),
  });

  return {
    enabled: true,
    captureRequestError(error, request) {
      const event: SentryEvent = {
        ...base(request.userId),
        level: 'error',
        logger: 'api',
        transaction: `${request.method} ${request.route}`,
        // A failed query's message carries the values it bound: cut, as in the log.
        exception: { values: exceptionValues(error, { isInApp, clean: redactPersonalData }) },
        request: { method: request.method, url: `${options.publicUrl}${request.route}` },
        tags: { request_id: request.requestId },
      };
      post({ type: 'event', payload: event });
      return event.event_id;
    },
    sendIssueReport(report) {
      post({
        type: 'feedback',
        payload: {
          ...base(report.userId),
          level: 'info',
          contexts: {
            feedback: {
              message: report.comments,
              source: 'report-issue-dialog',
              ...(report.name ? { name: report.name } : {}),
              ...(report.eventId ? { associated_event_id: report.eventId } : {}),
            },
          },
        },
      });
    },
  };
}
