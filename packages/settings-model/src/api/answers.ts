import { z } from 'zod';
import { recordingIdSchema, uuidSchema } from '../validation.ts';
import { answerMailSchema } from './inbox.ts';

/** The longest written answer: as long as a written contact-form message may be. */
export const ANSWER_TEXT_MAX_LENGTH = 5000;

/**
 * POST inbox/answers: the owner answers something they received (decision 0065). It names what
 * it answers, a message (`messageId`: a reply, a contact-form or collected message) or a
 * comment (`commentId`), and the answer: a voice message the owner has just uploaded
 * (`recordingId`) or `text`.
 */
export const answerRequestSchema = z
  .object({
    messageId: recordingIdSchema.optional(),
    commentId: uuidSchema.optional(),
    recordingId: recordingIdSchema.optional(),
    text: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, { error: 'Write your answer first' })
      .max(ANSWER_TEXT_MAX_LENGTH, { error: `must be at most ${ANSWER_TEXT_MAX_LENGTH} characters` })
      .optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if ((body.messageId === undefined) === (body.commentId === undefined)) {
      context.addIssue({ code: 'custom', path: ['messageId'], message: 'name what you answer: a messageId or a commentId, not both' });
    }
    if ((body.recordingId === undefined) === (body.text === undefined)) {
      context.addIssue({ code: 'custom', path: ['recordingId'], message: 'send the answer: a recordingId (by voice) or text, not both' });
    }
  });
export type AnswerRequest = z.input<typeof answerRequestSchema>;

/** 201 from POST inbox/answers (200 when the same voice answer was linked before). */
export const answerResponseSchema = z.object({
  /** The answer: the owner's message. */
  id: recordingIdSchema,
  /** Its listen link; null for a written answer, which has no page. */
  url: z.string().nullable(),
  /** How the sender hears of it; null when nobody could be told. */
  answerMail: answerMailSchema,
});
export type AnswerResponse = z.infer<typeof answerResponseSchema>;
