import { z } from 'zod';
import { asJobError, callApi, refusesField, type ApiEndpoint } from './speech-api.ts';

/** `content` is a string for most servers, null with a refusal, or a list of text parts for some. */
const chatAnswerSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }))]).nullish(),
        }),
      }),
    )
    .min(1),
});

/** Longest transcript sent for a summary; beyond it the start carries the gist anyway. */
const MAX_TRANSCRIPT_CHARACTERS = 48_000;

const INSTRUCTIONS =
  'Summarise this voice message transcript in one or two plain sentences, in the language it is written in. Answer with the summary only.';

export type Summariser = { summarise(transcript: string, signal: AbortSignal): Promise<string> };

/** How the instructions reach the model: a system message, or (for models that refuse one) the start of the user's. */
type InstructionPlace = 'system' | 'user';

/**
 * Recording.summary from an OpenAI-compatible chat completions API. Only the model and the
 * messages are sent (no temperature or token limit, which reasoning models refuse); a model
 * that refuses the system role (400 `unsupported_value` on `messages[0].role`) is asked again
 * at once with the instructions in the user message, and that is remembered.
 */
export function createSummariser(options: {
  endpoint: ApiEndpoint;
  timeoutMs: number;
}): Summariser & { instructionPlace(): InstructionPlace } {
  let place: InstructionPlace = 'system';
  const ask = (transcript: string, signal: AbortSignal) =>
    callApi(options.endpoint, '/chat/completions', {
      json: true,
      body: JSON.stringify({
        model: options.endpoint.model,
        messages:
          place === 'system'
            ? [
                { role: 'system', content: INSTRUCTIONS },
                { role: 'user', content: transcript },
              ]
            : [{ role: 'user', content: `${INSTRUCTIONS}\n\n${transcript}` }],
      }),
      signal,
      timeoutMs: options.timeoutMs,
      what: 'chat API',
    });
  return {
    instructionPlace: () => place,
    async summarise(transcript, signal) {
      const text = transcript.slice(0, MAX_TRANSCRIPT_CHARACTERS);
      let answer: unknown;
      try {
        answer = await ask(text, signal);
      } catch (error) {
        if (place !== 'system' || !refusesField(error, /messages\[0\]\.role|'system'|system role/i)) throw asJobError(error);
        place = 'user';
        try {
          answer = await ask(text, signal);
        } catch (again) {
          throw asJobError(again);
        }
      }
      const parsed = chatAnswerSchema.safeParse(answer);
      const content = parsed.success ? parsed.data.choices[0]!.message.content : null;
      const summary = (
        typeof content === 'string' ? content : (content ?? []).map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('')
      ).trim();
      if (!summary) throw new Error('The chat API answered without a summary');
      return summary;
    },
  };
}
