import { z } from 'zod';

/** GET track/view-vocal/{id}: whether this listen was counted, and the listen it belongs to (for its progress). */
export const trackViewResponseSchema = z.object({
  counted: z.boolean(),
  /** The listen of this visit; absent for the owner's own listens, which are never counted. */
  listen: z.string().uuid().optional(),
});
export type TrackViewResponse = z.infer<typeof trackViewResponseSchema>;

/**
 * POST track/heard/{id}: the furthest share of the message heard by continuous playing, sent
 * by the listen page when playback pauses or ends and when the page is left. The listen id,
 * which only that listener was given, is what allows it.
 */
export const heardReportSchema = z
  .object({
    listen: z.string().uuid(),
    heard: z.number().min(0).max(1),
  })
  .strict();
export type HeardReport = z.infer<typeof heardReportSchema>;

/** GET analytics/{id}: the owner's (Pro) listen analytics of one message. */
export const recordingAnalyticsSchema = z.object({
  /** Counted listens: one per visitor per visit, never the owner's. */
  listens: z.number().int().nonnegative(),
  /** Distinct listeners among the listens that know theirs. */
  uniqueListeners: z.number().int().nonnegative(),
  /** The average share (0..1) heard over the listens that measured it; null when none did. */
  averageHeard: z.number().min(0).max(1).nullable(),
  replies: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  /** Listens per UTC day since the upload, days without any included. */
  days: z.array(z.object({ date: z.string(), views: z.number().int().nonnegative() })),
});
export type RecordingAnalytics = z.infer<typeof recordingAnalyticsSchema>;
