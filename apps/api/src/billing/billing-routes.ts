import { Hono } from 'hono';
import { subscriptionRequestSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { PlanService } from './plan-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import type { BillingService } from './billing-service.ts';

/**
 * The person's subscription (spec section 7: /subscription, /meet-subscription, /payments),
 * the customer portal, and Stripe's webhook endpoint. Everything acts on the signed-in person's
 * own subscription and invoices only: there is no id to name anyone else's.
 */
export function billingRoutes(services: { billing: BillingService; accounts: AccountService; tokens: TokenService; plans: PlanService }) {
  const { billing } = services;
  const signedIn = requireUser(services);

  return (
    new Hono<AppEnv>()
      .get('/subscription', signedIn, async (context) => context.json(await billing.state(context.get('user'))))
      .post('/subscription', signedIn, async (context) => {
        const request = await readJson(context, subscriptionRequestSchema);
        return context.json(await billing.subscribe(context.get('user'), request, 'web'));
      })
      // From the Google Meet add-on: the same Pro, with a success page for its side panel (decision 0032).
      .post('/meet-subscription', signedIn, async (context) => {
        const request = await readJson(context, subscriptionRequestSchema);
        return context.json(await billing.subscribe(context.get('user'), request, 'meet'));
      })
      .delete('/subscription', signedIn, async (context) => context.json(await billing.cancel(context.get('user'))))
      .post('/subscription/portal', signedIn, async (context) => context.json(await billing.portal(context.get('user'))))
      .get('/payments', signedIn, async (context) => context.json({ payments: await billing.payments(context.get('user').id) }))
      .post('/stripe/webhook', async (context) => {
        // The signature covers the bytes as sent: the body is read as text, never parsed first.
        const raw = await context.req.text();
        return context.json(await billing.receiveWebhook(raw, context.req.header('stripe-signature')));
      })
  );
}
