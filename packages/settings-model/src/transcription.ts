import { z } from 'zod';

const seconds = z.number().finite().nonnegative();

export const sentenceSchema = z
  .object({ text: z.string(), start: seconds, end: seconds })
  .refine((sentence) => sentence.end >= sentence.start, { error: 'end must not be before start' });
export type Sentence = z.infer<typeof sentenceSchema>;

export const segmentSchema = z
  .object({
    speaker: z.string().optional(),
    start: seconds,
    end: seconds,
    num_words: z.number().int().nonnegative(),
    sentences: z.array(sentenceSchema),
  })
  .refine((segment) => segment.end >= segment.start, { error: 'end must not be before start' });
export type Segment = z.infer<typeof segmentSchema>;

/**
 * A transcription is a list of segments (also called blocks). A wrapped form, {segments} or
 * {blocks}, is accepted too and unwrapped.
 */
export const transcriptionSchema = z.preprocess((value) => {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const wrapped = value as { segments?: unknown; blocks?: unknown };
    return wrapped.segments ?? wrapped.blocks ?? value;
  }
  return value;
}, z.array(segmentSchema));
export type Transcription = z.infer<typeof transcriptionSchema>;

export const TRANSCRIPTION_STATUSES = ['loading', 'complete', 'error'] as const;
export const transcriptionStatusSchema = z.enum(TRANSCRIPTION_STATUSES);
export type TranscriptionStatus = z.infer<typeof transcriptionStatusSchema>;

export const TRANSCRIPTION_NOT_CONFIGURED_MESSAGE = 'Transcription is not configured on this server.';
export const TRANSCRIPTION_FAILED_MESSAGE = 'The transcript could not be made.';

/**
 * What the listen page shows instead of a transcript, beside `audio.transcriptionStatus`:
 * `configured` false (with `message`) when the server has no speech-to-text engine; a
 * message too when the transcript failed. Null message: nothing to explain.
 */
export const transcriptionNoticeSchema = z.object({
  configured: z.boolean(),
  message: z.string().nullable(),
});
export type TranscriptionNotice = z.infer<typeof transcriptionNoticeSchema>;
