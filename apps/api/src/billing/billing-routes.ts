import { Hono, type Context } from 'hono';
import { subscriptionRequestSchema, billingPortalResponseSchema, billingStateSchema, paymentsResponseSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { PlanService } from './plan-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import type { BillingService } from './billing-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS, type RouteDescription } from '../openapi/route-description.ts';
import { BILLING_OFF, CHECKOUT_ANSWER, CHECKOUT_REFUSALS, STRIPE_DOWN } from '../openapi/description-parts.ts';
import { z } from 'zod';

/** The two ways to start a Checkout, described alike. */
const checkout = (summary: string, description?: string): RouteDescription => ({
  tag: TAGS.billing,
  summary,
  ...(description ? { description } : {}),
  access: 'self',
  body: { json: subscriptionRequestSchema },
  answers: CHECKOUT_ANSWER,
  refusals: CHECKOUT_REFUSALS,
});

/**
 * The person's subscription (spec section 7: /subscription, /meet-subscription, /payments),
 * the customer portal, and Stripe's webhook endpoint. Everything acts on the signed-in person's
 * own subscription and invoices only: there is no id to name anyone else's.
 */
export function billingRoutes(services: { billing: BillingService; accounts: AccountService; tokens: TokenService; plans: PlanService }) {
  const { billing } = services;
  const signedIn = requireUser(services);
  /** A Checkout for Pro, started from the web app or from the Meet add-on (its own success page). */
  const subscribe = (from: 'web' | 'meet') => async (context: Context<AppEnv>) => {
    const request = await readJson(context, subscriptionRequestSchema);
    return context.json(await billing.subscribe(context.get('user'), request, from));
  };

  return (
    new Hono<AppEnv>()
      .get(
        '/subscription',
        described({
          tag: TAGS.billing,
          summary: 'What the upgrade page shows: whether billing is on, the packages and their prices, my live subscription',
          description:
            'With billing off, `enabled` is false, `packages` empty and `contact` names whom to ask about plans (SIGNUP_CONTACT), or is null.',
          access: 'self',
          answers: { 200: { description: 'The billing state', json: billingStateSchema } },
        }),
        signedIn,
        async (context) => context.json(await billing.state(context.get('user'))),
      )
      .post(
        '/subscription',
        described(
          checkout(
            'Start a Stripe Checkout for Pro (monthly, yearly or lifetime), with an optional promotion code',
            'The first subscription of an account starts with TRIAL_DAYS of trial. The plan changes only when Stripe’s webhook confirms the payment.',
          ),
        ),
        signedIn,
        subscribe('web'),
      )
      // From the Google Meet add-on: the same Pro, with a success page for its side panel (decision 0032).
      .post(
        '/meet-subscription',
        described(
          checkout('The same checkout started from the Google Meet add-on: it buys Pro, and its success page suits the side panel'),
        ),
        signedIn,
        subscribe('meet'),
      )
      .delete(
        '/subscription',
        described({
          tag: TAGS.billing,
          summary: 'Cancel my subscription at the end of the period already paid for',
          description: '`true` when Stripe took the cancellation; `false` when there is no subscription to cancel (or billing is off).',
          access: 'self',
          answers: { 200: { description: 'Whether it was cancelled', json: z.boolean() } },
          refusals: { 502: STRIPE_DOWN },
        }),
        signedIn,
        async (context) => context.json(await billing.cancel(context.get('user'))),
      )
      .post(
        '/subscription/portal',
        described({
          tag: TAGS.billing,
          summary: 'A Stripe customer portal session, to change the card or download invoices',
          access: 'self',
          answers: { 200: { description: 'The portal’s address, `{url}`', json: billingPortalResponseSchema } },
          refusals: { 409: `${BILLING_OFF}, or there is no Stripe customer yet`, 502: STRIPE_DOWN },
        }),
        signedIn,
        async (context) => context.json(await billing.portal(context.get('user'))),
      )
      .get(
        '/payments',
        described({
          tag: TAGS.billing,
          summary: 'My invoices, newest first: amount in cents, currency, date, paid or not, and the hosted invoice',
          access: 'self',
          answers: { 200: { description: '`{payments}`; empty with billing off', json: paymentsResponseSchema } },
        }),
        signedIn,
        async (context) => context.json({ payments: await billing.payments(context.get('user').id) }),
      )
      .post(
        '/stripe/webhook',
        described({
          tag: TAGS.billing,
          summary: 'Stripe’s events (checkout, subscriptions, invoices): the only way a subscription, and so a plan, changes',
          description:
            'Verified with the Stripe-Signature header against STRIPE_WEBHOOK_SECRET on the raw body. An event already applied is answered `duplicate: true` and changes nothing; an older event never overwrites a newer state.',
          access: 'public',
          body: {
            json: z.looseObject({
              id: z.string(),
              type: z.string(),
              created: z.number().int(),
              data: z.looseObject({ object: z.looseObject({}) }),
            }),
          },
          answers: { 200: { description: 'Received', json: z.object({ received: z.literal(true), duplicate: z.boolean() }) } },
          refusals: {
            400: 'The signature is missing or does not match, or the payload is not a Stripe event; nothing changed',
            409: BILLING_OFF,
            502: STRIPE_DOWN,
          },
        }),
        async (context) => {
          // The signature covers the bytes as sent: the body is read as text, never parsed first.
          const raw = await context.req.text();
          return context.json(await billing.receiveWebhook(raw, context.req.header('stripe-signature')));
        },
      )
  );
}
