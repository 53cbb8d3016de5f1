import { Hono } from 'hono';
import { heardReportSchema } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { readJson } from '../http/read-input.ts';
import { optionalUser, requireUser } from '../http/require-user.ts';
import type { AccountService, UserRow } from '../accounts/account-service.ts';
import type { ListenService } from './listen-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { RECORDING_ID, ownRecording } from '../openapi/description-parts.ts';
import { ownRecordingIdOf, publicRecordingIdOf } from '../recordings/recording-id-param.ts';

/** Listen tracking from the listen page (spec section 6) with how much was heard, and the owner's listen analytics. */
export function listenRoutes(services: { config: Config; accounts: AccountService; tokens: TokenService; listens: ListenService }) {
  return new Hono<AppEnv>()
    .get(
      '/track/view-vocal/:id',
      described({
        tag: TAGS.listens,
        summary: "Count a listen (the owner's own, sent with their token, are not counted)",
        access: 'public',
        security: 'optional-bearer',
        pathParameters: { id: RECORDING_ID },
        answers: { 200: { description: 'The listen id, for the heard report', json: 'TrackView' } },
        refusals: { 404: 'Unknown or deleted' },
      }),
      optionalUser(services),
      async (context) => {
        const id = publicRecordingIdOf(context);
        // Set only when the listener sent a token: the owner's own listens do not count.
        const user = context.get('user') as UserRow | undefined;
        const result = await services.listens.track(id, {
          userId: user?.id ?? null,
          address: clientAddress(context, services.config.trustProxy),
        });
        // Each listener's answer is their own: the replay keeps the headers and asks the service again.
        if (!user) context.set('replayable', { recordingId: id, body: JSON.stringify(result), computedBy: 'listen-tracking' });
        return context.json(result, 200, { 'cache-control': 'no-store' });
      },
    )
    .get(
      '/views/:id',
      described({
        tag: TAGS.listens,
        summary: 'Listens per day of one of my messages',
        ...ownRecording(),
        answers: { 200: { description: 'Listens per day', json: 'Views' } },
      }),
      requireUser(services),
      async (context) => {
        const id = ownRecordingIdOf(context);
        return context.json(await services.listens.perDay(context.get('user'), id));
      },
    )
    .get(
      '/analytics/:id',
      described({
        tag: TAGS.listens,
        summary: 'Listens, listeners and how much was heard, for one of my messages',
        ...ownRecording({ 403: 'Listen analytics are a Pro feature' }),
        answers: { 200: { description: 'The analytics', json: 'RecordingAnalytics' } },
      }),
      requireUser(services),
      async (context) => {
        const id = ownRecordingIdOf(context);
        return context.json(await services.listens.analytics(context.get('user'), id), 200, { 'cache-control': 'no-store' });
      },
    )
    .post(
      '/track/heard/:id',
      described({
        tag: TAGS.listens,
        summary: "Report how much of a listen was heard (the listen page's beacon)",
        access: 'public',
        pathParameters: { id: RECORDING_ID },
        body: { json: 'HeardReport' },
        answers: { 204: { description: 'Recorded' } },
        refusals: { 404: 'Unknown recording or listen' },
      }),
      async (context) => {
        // The listen page's beacon (navigator.sendBeacon): no token, the listen id is the key.
        const id = publicRecordingIdOf(context);
        await services.listens.heard(id, await readJson(context, heardReportSchema));
        return context.body(null, 204);
      },
    );
}
