import { z } from 'zod';
import {
  billingPortalResponseSchema,
  billingStateSchema,
  paymentsResponseSchema,
  subscriptionRequestSchema,
  subscriptionResponseSchema,
} from '@vocal/settings-model';
import { TAGS, type RouteDescription } from './route-description.ts';

const BILLING_OFF = 'Billing is not configured on this server (plans are managed by the people who run it)';
const STRIPE_DOWN = 'Stripe could not be reached or refused the call; nothing changed';
const CHECKOUT_REFUSALS = {
  400: 'An unknown or unoffered package key, or a promotion code that does not exist or can no longer be used',
  409: BILLING_OFF,
  502: STRIPE_DOWN,
};
const CHECKOUT_ANSWER = {
  200: {
    description:
      '`{checkout_url}`: Stripe Checkout to open (the web app opens it in a 384×782 popup); or `{status}` (active, trialing, past_due) when a subscription is already live',
    json: subscriptionResponseSchema,
  },
};

/** Billing (decision 0032): the caller's own subscription and invoices, and Stripe's webhook. */
export const BILLING_ROUTE_DESCRIPTIONS: Record<string, RouteDescription> = {
  'GET /api/subscription': {
    tag: TAGS.billing,
    summary: 'What the upgrade page shows: whether billing is on, the packages and their prices, my live subscription',
    description:
      'With billing off, `enabled` is false, `packages` empty and `contact` names whom to ask about plans (SIGNUP_CONTACT), or is null.',
    security: 'bearer',
    answers: { 200: { description: 'The billing state', json: billingStateSchema } },
  },
  'POST /api/subscription': {
    tag: TAGS.billing,
    summary: 'Start a Stripe Checkout for Pro (monthly, yearly or lifetime), with an optional promotion code',
    description:
      'The first subscription of an account starts with TRIAL_DAYS of trial. The plan changes only when Stripe’s webhook confirms the payment.',
    security: 'bearer',
    body: { json: subscriptionRequestSchema },
    answers: CHECKOUT_ANSWER,
    refusals: CHECKOUT_REFUSALS,
  },
  'POST /api/meet-subscription': {
    tag: TAGS.billing,
    summary: 'The same checkout started from the Google Meet add-on: it buys Pro, and its success page suits the side panel',
    security: 'bearer',
    body: { json: subscriptionRequestSchema },
    answers: CHECKOUT_ANSWER,
    refusals: CHECKOUT_REFUSALS,
  },
  'DELETE /api/subscription': {
    tag: TAGS.billing,
    summary: 'Cancel my subscription at the end of the period already paid for',
    description: '`true` when Stripe took the cancellation; `false` when there is no subscription to cancel (or billing is off).',
    security: 'bearer',
    answers: { 200: { description: 'Whether it was cancelled', json: z.boolean() } },
    refusals: { 502: STRIPE_DOWN },
  },
  'POST /api/subscription/portal': {
    tag: TAGS.billing,
    summary: 'A Stripe customer portal session, to change the card or download invoices',
    security: 'bearer',
    answers: { 200: { description: 'The portal’s address, `{url}`', json: billingPortalResponseSchema } },
    refusals: { 409: `${BILLING_OFF}, or there is no Stripe customer yet`, 502: STRIPE_DOWN },
  },
  'GET /api/payments': {
    tag: TAGS.billing,
    summary: 'My invoices, newest first: amount in cents, currency, date, paid or not, and the hosted invoice',
    security: 'bearer',
    answers: { 200: { description: '`{payments}`; empty with billing off', json: paymentsResponseSchema } },
  },
  'POST /api/stripe/webhook': {
    tag: TAGS.billing,
    summary: 'Stripe’s events (checkout, subscriptions, invoices): the only way a subscription, and so a plan, changes',
    description:
      'Verified with the Stripe-Signature header against STRIPE_WEBHOOK_SECRET on the raw body. An event already applied is answered `duplicate: true` and changes nothing; an older event never overwrites a newer state.',
    security: 'none',
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
  },
};
