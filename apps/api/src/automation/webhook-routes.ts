import { Hono } from 'hono';
import { webhookParamsSchema, webhookRequestSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson, readParams } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { TokenService } from '../accounts/token-service.ts';
import type { WebhookService } from './webhook-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

const NO_SUCH_WEBHOOK = 'You have no webhook with this id';

/** Webhooks (issue 29): an account's own automations, told of its events. */
export function webhookRoutes(services: { accounts: AccountService; tokens: TokenService; limits: ApiLimits; webhooks: WebhookService }) {
  const signedIn = requireUser(services);
  const { webhooks } = services;
  return new Hono<AppEnv>()
    .get(
      '/webhooks',
      described({
        tag: TAGS.account,
        summary: 'Your webhooks, each with its latest delivery tries (never the secret)',
        access: 'self',
        answers: { 200: { description: 'The webhooks', json: 'WebhookList' } },
      }),
      signedIn,
      async (context) => context.json({ webhooks: await webhooks.list(context.get('user').id) }),
    )
    .post(
      '/webhooks',
      described({
        tag: TAGS.account,
        summary: 'Add a webhook: the events it hears are POSTed to its URL, signed as Standard Webhooks says',
        description:
          'Deliveries carry `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` keyed with the secret; they are retried with backoff. URLs resolving to private, loopback or link-local addresses are refused unless the server sets WEBHOOK_ALLOW_PRIVATE.',
        access: 'self',
        body: { json: 'WebhookRequest' },
        answers: { 201: { description: 'The webhook, with its secret (whsec_…) shown this once', json: 'CreatedWebhook' } },
        refusals: {
          400: 'The URL is not http(s), holds credentials, does not resolve, or points to a private network',
          409: 'The account has the most webhooks it may',
          429: 'Too many this hour',
        },
      }),
      signedIn,
      async (context) => {
        const request = await readJson(context, webhookRequestSchema);
        const user = context.get('user');
        await countAttempt(services.limits.webhookChangesPerAccount, String(user.id), 'webhooks made or tested this hour');
        return context.json(await webhooks.create(user.id, request), 201);
      },
    )
    .delete(
      '/webhooks/:id',
      described({
        tag: TAGS.account,
        summary: 'Remove a webhook: nothing more is sent to it',
        access: 'owner',
        answers: { 200: { description: 'Removed', json: 'Ok' } },
        refusals: { 404: 'You have no webhook with this id' },
      }),
      signedIn,
      async (context) => {
        const { id } = readParams(context, webhookParamsSchema, NO_SUCH_WEBHOOK);
        await webhooks.remove(context.get('user').id, id);
        return context.json({ ok: true });
      },
    )
    .post(
      '/webhooks/:id/test',
      described({
        tag: TAGS.account,
        summary: 'Send a webhook.test event to a webhook; it is logged like any delivery',
        access: 'owner',
        answers: { 202: { description: 'Queued' } },
        refusals: { 404: 'You have no webhook with this id', 429: 'Too many this hour' },
      }),
      signedIn,
      async (context) => {
        const { id } = readParams(context, webhookParamsSchema, NO_SUCH_WEBHOOK);
        const user = context.get('user');
        await countAttempt(services.limits.webhookChangesPerAccount, String(user.id), 'webhooks made or tested this hour');
        return context.json(await webhooks.test(user.id, id), 202);
      },
    );
}
