import { Hono } from 'hono';
import { transcriptEditSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import type { TranscriptionService } from './transcription-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { ownRecording } from '../openapi/description-parts.ts';
import { ownRecordingIdOf } from './recording-id-param.ts';

/** The owner's transcript of a recording, the retry of a failed one, and the owner's corrections. */
export function transcriptionRoutes(services: { accounts: AccountService; tokens: TokenService; transcription: TranscriptionService }) {
  const signedIn = requireUser(services);
  return new Hono<AppEnv>()
    .get(
      '/transcription/:id',
      described({
        tag: TAGS.transcription,
        summary: "A message's transcript and its state",
        ...ownRecording(),
        answers: { 200: { description: 'The state', json: 'TranscriptionState' } },
      }),
      signedIn,
      async (context) => {
        const id = ownRecordingIdOf(context);
        return context.json(await services.transcription.state(context.get('user'), id));
      },
    )
    .post(
      '/transcription/:id/retry',
      described({
        tag: TAGS.transcription,
        summary: 'Transcribe again',
        ...ownRecording({
          403: 'Transcripts are a Pro feature',
          409: 'No transcriber, no audio, expired, or a transcript is there or being made',
        }),
        answers: { 202: { description: 'Queued', json: 'TranscriptionState' } },
      }),
      signedIn,
      async (context) => {
        const id = ownRecordingIdOf(context);
        return context.json(await services.transcription.retry(context.get('user'), id), 202);
      },
    )
    .put(
      '/transcription/:id',
      described({
        tag: TAGS.transcription,
        summary: "Correct a transcript's sentences",
        ...ownRecording({ 409: 'There is no finished transcript to correct' }),
        body: { json: 'TranscriptEdit' },
        answers: { 200: { description: 'The state', json: 'TranscriptionState' } },
      }),
      signedIn,
      async (context) => {
        const id = ownRecordingIdOf(context);
        const edit = await readJson(context, transcriptEditSchema);
        return context.json(await services.transcription.edit(context.get('user'), id, edit));
      },
    );
}
