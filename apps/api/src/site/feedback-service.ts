import type { feedbackRequestSchema } from '@vocal/settings-model';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import { feedback } from '../db/schema.ts';
import type { ErrorReporter } from '../error-reporting/error-reporter.ts';

export type FeedbackInput = z.output<typeof feedbackRequestSchema>;

// An event id the web app got from its own error report (32 hex digits), not free text.
const SENTRY_EVENT_ID = /^[0-9a-f]{32}$/;

/**
 * Keeps what people report, with who sent it when they were signed in, and when error
 * reporting is on passes the text to it as user feedback on the sender's last error event.
 */
export function createFeedbackService(options: { db: Database; errorReporter: ErrorReporter }) {
  return {
    async record(input: FeedbackInput, sender: { userId: number | null; userAgent: string | null; name?: string | null }) {
      const [row] = await options.db
        .insert(feedback)
        .values({
          userId: sender.userId,
          email: input.email ?? null,
          name: input.name ?? null,
          eventId: input.eventId ?? null,
          comments: input.comments,
          url: input.url ?? null,
          userAgent: sender.userAgent?.slice(0, 300) ?? null,
        })
        .returning({ id: feedback.id });
      options.errorReporter.sendIssueReport({
        comments: input.comments,
        name: input.name ?? sender.name ?? null,
        eventId: input.eventId && SENTRY_EVENT_ID.test(input.eventId) ? input.eventId : null,
        userId: sender.userId,
      });
      return { id: row!.id };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
