import type { feedbackRequestSchema } from '@vocal/settings-model';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import { feedback } from '../db/schema.ts';

export type FeedbackInput = z.output<typeof feedbackRequestSchema>;

/** Keeps what people report, with who sent it when they were signed in. */
export function createFeedbackService(options: { db: Database }) {
  return {
    async record(input: FeedbackInput, sender: { userId: number | null; userAgent: string | null }) {
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
      return { id: row!.id };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
