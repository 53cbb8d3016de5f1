import { Hono } from 'hono';
import { apiTokenParamsSchema, apiTokenRequestSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson, readParams } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from './account-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { TokenService } from './token-service.ts';

/**
 * Personal API tokens (issue 29): made, listed and revoked by a signed-in person. A token
 * itself can never reach these routes (http/personal-token-reach.ts), so one cannot make another.
 */
export function apiTokenRoutes(services: { accounts: AccountService; tokens: TokenService; limits: ApiLimits }) {
  const signedIn = requireUser(services);
  const personal = services.tokens.personal;
  return new Hono<AppEnv>()
    .get('/tokens', signedIn, async (context) => context.json({ tokens: await personal.list(context.get('user').id) }))
    .post('/tokens', signedIn, async (context) => {
      const request = await readJson(context, apiTokenRequestSchema);
      const user = context.get('user');
      await countAttempt(services.limits.apiTokensPerAccount, String(user.id), 'API tokens made today');
      return context.json(await personal.create(user.id, request), 201);
    })
    .delete('/tokens/:id', signedIn, async (context) => {
      const { id } = readParams(context, apiTokenParamsSchema, 'You have no API token with this id');
      await personal.revoke(context.get('user').id, id);
      return context.json({ ok: true });
    });
}
