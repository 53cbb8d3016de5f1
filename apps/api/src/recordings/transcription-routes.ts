import { Hono } from 'hono';
import { recordingIdParamsSchema, transcriptEditSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson, readParams } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import type { TranscriptionService } from './transcription-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { RECORDING_ID } from '../openapi/description-parts.ts';

const NOT_FOUND = 'Recording not found';

/** The owner's transcript of a recording, the retry of a failed one, and the owner's corrections. */
export function transcriptionRoutes(services: { accounts: AccountService; tokens: TokenService; transcription: TranscriptionService }) {
  const signedIn = requireUser(services);
  return new Hono<AppEnv>()
    .get(
      '/transcription/:id',
      described({
        tag: TAGS.transcription,
        summary: "A message's transcript and its state",
        access: 'owner',
        pathParameters: { id: RECORDING_ID },
        answers: { 200: { description: 'The state', json: 'TranscriptionState' } },
        refusals: { 404: 'Not found, or not yours (one answer)' },
      }),
      signedIn,
      async (context) => {
        const { id } = readParams(context, recordingIdParamsSchema, NOT_FOUND);
        return context.json(await services.transcription.state(context.get('user'), id));
      },
    )
    .post(
      '/transcription/:id/retry',
      described({
        tag: TAGS.transcription,
        summary: 'Transcribe again',
        access: 'owner',
        pathParameters: { id: RECORDING_ID },
        answers: { 202: { description: 'Queued', json: 'TranscriptionState' } },
        refusals: {
          403: 'Transcripts are a Pro feature',
          404: 'Not found, or not yours (one answer)',
          409: 'No transcriber, no audio, expired, or a transcript is there or being made',
        },
      }),
      signedIn,
      async (context) => {
        const { id } = readParams(context, recordingIdParamsSchema, NOT_FOUND);
        return context.json(await services.transcription.retry(context.get('user'), id), 202);
      },
    )
    .put(
      '/transcription/:id',
      described({
        tag: TAGS.transcription,
        summary: "Correct a transcript's sentences",
        access: 'owner',
        pathParameters: { id: RECORDING_ID },
        body: { json: 'TranscriptEdit' },
        answers: { 200: { description: 'The state', json: 'TranscriptionState' } },
        refusals: { 404: 'Not found, or not yours (one answer)', 409: 'There is no finished transcript to correct' },
      }),
      signedIn,
      async (context) => {
        const { id } = readParams(context, recordingIdParamsSchema, NOT_FOUND);
        const edit = await readJson(context, transcriptEditSchema);
        return context.json(await services.transcription.edit(context.get('user'), id, edit));
      },
    );
}
