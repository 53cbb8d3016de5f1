import { z } from 'zod';
import { transcriptionSchema, transcriptionStatusSchema } from '../transcription.ts';
import { recordingIdSchema } from '../validation.ts';

/** Which engine makes transcripts on this server; null when none is configured. */
export const transcriberNameSchema = z.enum(['openai', 'local']).nullable();

/** GET transcription/{id} and POST transcription/{id}/retry: the owner's view of a transcript. */
export const transcriptionStateSchema = z.object({
  id: recordingIdSchema,
  status: transcriptionStatusSchema.nullable(),
  transcription: transcriptionSchema.nullable(),
  summary: z.string().nullable(),
  /** Why the last try gave up, when status is error. */
  error: z.string().nullable(),
  /** Whether the owner may ask for a (new) transcript now. */
  canRetry: z.boolean(),
  transcriber: transcriberNameSchema,
});
export type TranscriptionState = z.infer<typeof transcriptionStateSchema>;

/** GET reencode/{id}: the recording's audio after re-encoding, or that it is still under way. */
export const reencodeResponseSchema = z.object({
  id: recordingIdSchema,
  status: z.enum(['complete', 'queued']),
  audioUrl: z.string(),
  duration: z.number().nonnegative(),
});
export type ReencodeResponse = z.infer<typeof reencodeResponseSchema>;

/** The most sentences one edit may carry; a transcript of the longest Pro message has far fewer. */
export const TRANSCRIPT_EDIT_MAX_SENTENCES = 2000;

/**
 * PUT transcription/{id}: the new text of every sentence, in the order the transcript has them
 * (segment by segment). Only the words change: each sentence keeps its start and end, so the
 * read-along highlighting still follows the audio. The count must match the stored transcript.
 */
export const transcriptEditSchema = z
  .object({
    sentences: z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: 'a sentence must not be empty (remove words, not whole sentences)' })
          .max(2000, { error: 'a sentence must be at most 2000 characters' }),
      )
      .min(1, { error: 'must have at least one sentence' })
      .max(TRANSCRIPT_EDIT_MAX_SENTENCES),
  })
  .strict();
export type TranscriptEdit = z.infer<typeof transcriptEditSchema>;
