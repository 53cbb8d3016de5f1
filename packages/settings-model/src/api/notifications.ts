import { z } from 'zod';
import { unsubscribeKindSchema } from '../personalisation.ts';

/** The signed token of a one-click unsubscribe link (List-Unsubscribe, RFC 8058). */
export const mailUnsubscribeQuerySchema = z.object({
  token: z.string().min(1, { error: 'The link has no token' }).max(512, { error: 'The token is too long' }),
});

/** What an unsubscribe (or its undo) changed: which mails, and whether they now come. */
export const mailUnsubscribeResponseSchema = z.object({
  kind: unsubscribeKindSchema,
  subscribed: z.boolean(),
});
export type MailUnsubscribeResponse = z.infer<typeof mailUnsubscribeResponseSchema>;

/** GET transcriber: the server's speech-to-text engine (pocketsphinx here, an OpenAI-compatible API, or none). */
export const transcriberInfoSchema = z.object({
  engine: z.enum(['local', 'openai']).nullable(),
});
export type TranscriberInfo = z.infer<typeof transcriberInfoSchema>;
