import { Hono } from 'hono';
import { apiTokenParamsSchema, apiTokenRequestSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson, readParams } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from './account-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { TokenService } from './token-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

/**
 * Personal API tokens (issue 29): made, listed and revoked by a signed-in person. A token
 * itself can never reach these routes (http/personal-token-reach.ts), so one cannot make another.
 */
export function apiTokenRoutes(services: { accounts: AccountService; tokens: TokenService; limits: ApiLimits }) {
  const signedIn = requireUser(services);
  const personal = services.tokens.personal;
  return new Hono<AppEnv>()
    .get(
      '/tokens',
      described({
        tag: TAGS.account,
        summary: 'Your personal API tokens: name, scope, when made and last used (never the token)',
        access: 'self',
        answers: { 200: { description: 'The tokens, oldest first', json: 'ApiTokenList' } },
      }),
      signedIn,
      async (context) => context.json({ tokens: await personal.list(context.get('user').id) }),
    )
    .post(
      '/tokens',
      described({
        tag: TAGS.account,
        summary: 'Make a personal API token for a script: shown once, in this answer',
        description:
          'Send it as `Authorization: Bearer vocal_pat_…` to any route a signed-in person may call, within its scope: `read` makes GET requests only. No token reaches passwords, email addresses, account deletion, billing or tokens. Needs a signed-in session.',
        access: 'self',
        body: { json: 'ApiTokenRequest' },
        answers: { 201: { description: 'The token, with `token` (vocal_pat_…) shown this once', json: 'CreatedApiToken' } },
        refusals: { 403: 'Called with an API token', 409: 'The account holds the most tokens it may', 429: 'Too many tokens made today' },
      }),
      signedIn,
      async (context) => {
        const request = await readJson(context, apiTokenRequestSchema);
        const user = context.get('user');
        await countAttempt(services.limits.apiTokensPerAccount, String(user.id), 'API tokens made today');
        return context.json(await personal.create(user.id, request), 201);
      },
    )
    .delete(
      '/tokens/:id',
      described({
        tag: TAGS.account,
        summary: 'Revoke a personal API token: it stops working at once',
        access: 'owner',
        answers: { 200: { description: 'Revoked', json: 'Ok' } },
        refusals: { 404: 'You have no API token with this id' },
      }),
      signedIn,
      async (context) => {
        const { id } = readParams(context, apiTokenParamsSchema, 'You have no API token with this id');
        await personal.revoke(context.get('user').id, id);
        return context.json({ ok: true });
      },
    );
}
