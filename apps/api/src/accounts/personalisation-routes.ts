import { Hono } from 'hono';
import { personalisationPatchSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from './account-service.ts';
import type { PersonalisationService } from './personalisation-service.ts';
import { isPro } from '../billing/plans.ts';
import type { TokenService } from './token-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

export function personalisationRoutes(services: {
  accounts: AccountService;
  tokens: TokenService;
  personalisation: PersonalisationService;
}) {
  const signedIn = requireUser(services);
  return new Hono<AppEnv>()
    .get(
      '/personalisation',
      described({
        tag: TAGS.personalisation,
        summary: 'My settings: recorder, signature, notifications, listen page, contact form',
        access: 'self',
        answers: { 200: { description: 'The settings', json: 'Personalisation' } },
      }),
      signedIn,
      async (context) => context.json(await services.personalisation.get(context.get('user').id)),
    )
    .post(
      '/personalisation',
      described({
        tag: TAGS.personalisation,
        summary: 'Change some of my settings (each section given is merged)',
        access: 'self',
        body: { json: 'PersonalisationPatch' },
        answers: { 200: { description: 'The settings as they are now', json: 'Personalisation' } },
        refusals: { 403: 'A Pro setting on the Free plan' },
      }),
      signedIn,
      async (context) => {
        const patch = await readJson(context, personalisationPatchSchema);
        const user = context.get('user');
        return context.json(await services.personalisation.update(user.id, patch, isPro(user)));
      },
    );
}
