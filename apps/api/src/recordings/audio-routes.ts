import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { AudioService } from './audio-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { ownRecording } from '../openapi/description-parts.ts';
import { ownRecordingIdOf } from './recording-id-param.ts';

/**
 * GET reencode/{id}: the id is the recording's storage file name without .mp3, so anything
 * that is not one of our recording ids (a URL, another host's file) is not found.
 */
export function audioRoutes(services: { accounts: AccountService; tokens: TokenService; audio: AudioService; limits: ApiLimits }) {
  const signedIn = requireUser(services);
  return new Hono<AppEnv>().get(
    '/reencode/:id',
    described({
      tag: TAGS.recordings,
      summary: 'Re-encode a stored MP3 (for players that cannot play it as uploaded)',
      ...ownRecording({ 429: 'Too many re-encode requests' }),
      answers: {
        200: { description: 'Re-encoded', json: 'Reencode' },
        202: { description: 'Queued or running; ask again', json: 'Reencode' },
      },
    }),
    signedIn,
    async (context) => {
      const id = ownRecordingIdOf(context);
      const userId = context.get('user').id;
      await countAttempt(services.limits.reencodes, String(userId), 're-encode requests');
      const result = await services.audio.reencode(userId, id);
      return context.json(result, result.status === 'complete' ? 200 : 202);
    },
  );
}
