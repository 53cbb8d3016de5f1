import { Hono } from 'hono';
import { webhookParamsSchema, webhookRequestSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson, readParams } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { TokenService } from '../accounts/token-service.ts';
import type { WebhookService } from './webhook-service.ts';

const NO_SUCH_WEBHOOK = 'You have no webhook with this id';

/** Webhooks (issue 29): an account's own automations, told of its events. */
export function webhookRoutes(services: { accounts: AccountService; tokens: TokenService; limits: ApiLimits; webhooks: WebhookService }) {
  const signedIn = requireUser(services);
  const { webhooks } = services;
  return new Hono<AppEnv>()
    .get('/webhooks', signedIn, async (context) => context.json({ webhooks: await webhooks.list(context.get('user').id) }))
    .post('/webhooks', signedIn, async (context) => {
      const request = await readJson(context, webhookRequestSchema);
      const user = context.get('user');
      await countAttempt(services.limits.webhookChangesPerAccount, String(user.id), 'webhooks made or tested this hour');
      return context.json(await webhooks.create(user.id, request), 201);
    })
    .delete('/webhooks/:id', signedIn, async (context) => {
      const { id } = readParams(context, webhookParamsSchema, NO_SUCH_WEBHOOK);
      await webhooks.remove(context.get('user').id, id);
      return context.json({ ok: true });
    })
    .post('/webhooks/:id/test', signedIn, async (context) => {
      const { id } = readParams(context, webhookParamsSchema, NO_SUCH_WEBHOOK);
      const user = context.get('user');
      await countAttempt(services.limits.webhookChangesPerAccount, String(user.id), 'webhooks made or tested this hour');
      return context.json(await webhooks.test(user.id, id), 202);
    });
}
