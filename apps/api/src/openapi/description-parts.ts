// What the routes' descriptions (described.ts) share: ids, refusals and answers said the same
// way in many places.
import type { AdminCoupon } from '../billing/coupon-service.ts';
import { TAGS, type RouteDescription } from './route-description.ts';
import { subscriptionResponseSchema } from '@vocal/settings-model';
import { z } from 'zod';

export const RECORDING_ID = 'The recording id (22 URL-safe characters).';

/**
 * What an owner's route answers for a recording that is unknown, deleted or someone else's: one
 * answer for all three, so nobody learns which ids exist.
 */
export const NOT_YOURS = 'Not found, or not yours (one answer)';

/**
 * Who may call a route on one of the caller's own recordings, named by its id in the path, and
 * its 404; `refusals` are the route's others.
 */
export const ownRecording = (refusals: Record<number, string> = {}): Pick<RouteDescription, 'access' | 'pathParameters' | 'refusals'> => ({
  access: 'owner',
  pathParameters: { id: RECORDING_ID },
  refusals: { 404: NOT_YOURS, ...refusals },
});

export const RECORDING_HANDOFF_ID = 'The recording handoff id (22 URL-safe characters).';

export const SIGN_IN_LIMIT = 'Too many attempts from this address (Retry-After says when to try again)';

export const BILLING_OFF = 'Billing is not configured on this server (plans are managed by the people who run it)';

export const STRIPE_DOWN = 'Stripe could not be reached or refused the call; nothing changed';

export const CHECKOUT_REFUSALS = {
  400: 'An unknown or unoffered package key, or a promotion code that does not exist or can no longer be used',
  409: BILLING_OFF,
  502: STRIPE_DOWN,
};

export const CHECKOUT_ANSWER = {
  200: {
    description:
      '`{checkout_url}`: Stripe Checkout to open (the web app opens it in a 384×782 popup); or `{status}` (active, trialing, past_due) when a subscription is already live',
    json: subscriptionResponseSchema,
  },
};

export const adminCouponSchema: z.ZodType<AdminCoupon> = z.object({
  code: z.string(),
  plan: z.number().int(),
  days: z.number().int(),
  maxRedemptions: z.number().int().nullable(),
  redemptions: z.number().int(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});

/** What /health answers; `version` is the running build's. */
export const healthSchema = z.object({
  ok: z.literal(true),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  storage: z.string(),
  transcriber: z.string(),
});

export const listenPage = (what: string, media: string): RouteDescription['answers'] => ({
  200: { description: what, media },
  404: { description: 'The message does not exist: a page saying so, not indexed', media },
  410: { description: 'The message has expired or was deleted: a page saying so', media },
});

/** A page of the built web app showing one message, by its id: anyone may open it, once the web app is built. */
export const recordingPage = (summary: string, answers: RouteDescription['answers']): RouteDescription => ({
  tag: TAGS.pages,
  summary,
  access: 'public',
  pathParameters: { id: RECORDING_ID },
  answers,
  refusals: { 503: 'The web app has not been built' },
});
