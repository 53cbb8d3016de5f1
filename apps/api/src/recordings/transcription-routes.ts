import { Hono } from 'hono';
import { recordingIdParamsSchema, transcriptEditSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson, readParams } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import type { TranscriptionService } from './transcription-service.ts';

const NOT_FOUND = 'Recording not found';

/** The owner's transcript of a recording, the retry of a failed one, and the owner's corrections. */
export function transcriptionRoutes(services: { accounts: AccountService; tokens: TokenService; transcription: TranscriptionService }) {
  const signedIn = requireUser(services);
  return new Hono<AppEnv>()
    .get('/transcription/:id', signedIn, async (context) => {
      const { id } = readParams(context, recordingIdParamsSchema, NOT_FOUND);
      return context.json(await services.transcription.state(context.get('user'), id));
    })
    .post('/transcription/:id/retry', signedIn, async (context) => {
      const { id } = readParams(context, recordingIdParamsSchema, NOT_FOUND);
      return context.json(await services.transcription.retry(context.get('user'), id), 202);
    })
    .put('/transcription/:id', signedIn, async (context) => {
      const { id } = readParams(context, recordingIdParamsSchema, NOT_FOUND);
      const edit = await readJson(context, transcriptEditSchema);
      return context.json(await services.transcription.edit(context.get('user'), id, edit));
    });
}
