import { z } from 'zod';
import { emailSchema, httpUrlSchema, reportIssueTextSchema } from './validation.ts';

/** User feedback attached to an error-reporting event (spec section 3). */
export const errorReportFeedbackSchema = z.object({
  eventId: z.string(),
  comments: z.string(),
  email: z.string(),
  name: z.string(),
});
export type ErrorReportFeedback = z.infer<typeof errorReportFeedbackSchema>;

/** The report-issue dialog's form. */
export const reportIssueFormSchema = z.object({ text: reportIssueTextSchema });

/**
 * POST feedback: a report from the report-issue dialog, or feedback on an error event. The
 * sender's email and name are optional (a visitor may report too).
 */
export const feedbackRequestSchema = z.object({
  comments: reportIssueTextSchema.pipe(z.string().max(5000, { error: 'must be at most 5000 characters' })),
  email: emailSchema.nullish(),
  name: z.string().trim().max(100).nullish(),
  eventId: z.string().trim().max(100).nullish(),
  /** The page the report was sent from. */
  url: httpUrlSchema.nullish(),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

/**
 * GET error-reporting: what the web app needs to report its errors. `dsn` is null when the
 * server has no ERROR_REPORTING_DSN, and then the page sends nothing anywhere.
 */
export const errorReportingConfigSchema = z.object({
  dsn: z.string().nullable(),
  environment: z.string(),
});
export type ErrorReportingConfig = z.infer<typeof errorReportingConfigSchema>;
