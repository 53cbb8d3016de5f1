import { z } from 'zod';
import { callApi, type ApiEndpoint } from './openai-transcriber.ts';

const chatAnswerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/** Longest transcript sent for a summary; beyond it the start carries the gist anyway. */
const MAX_TRANSCRIPT_CHARACTERS = 48_000;

export type Summariser = { summarise(transcript: string, signal: AbortSignal): Promise<string> };

/** Recording.summary from an OpenAI-compatible chat completions API. */
export function createSummariser(options: { endpoint: ApiEndpoint; timeoutMs: number }): Summariser {
  return {
    async summarise(transcript, signal) {
      const answer = await callApi(options.endpoint, '/chat/completions', {
        json: true,
        body: JSON.stringify({
          model: options.endpoint.model,
          messages: [
            {
              role: 'system',
              content:
                'Summarise this voice message transcript in one or two plain sentences, in the language it is written in. Answer with the summary only.',
            },
            { role: 'user', content: transcript.slice(0, MAX_TRANSCRIPT_CHARACTERS) },
          ],
        }),
        signal,
        timeoutMs: options.timeoutMs,
        what: 'chat API',
      });
      const parsed = chatAnswerSchema.safeParse(answer);
      const summary = parsed.success ? parsed.data.choices[0]!.message.content?.trim() : '';
      if (!summary) throw new Error('The chat API answered without a summary');
      return summary;
    },
  };
}
