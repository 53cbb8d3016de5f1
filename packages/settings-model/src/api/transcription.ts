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
