import { z } from 'zod';
import { planPeriodSchema } from '../plan.ts';
import { httpUrlSchema } from '../validation.ts';

/** What POST /subscription sells: Pro by the month, by the year, or once for a lifetime. */
export const PACKAGE_KEYS = ['pro-monthly', 'pro-yearly', 'pro-lifetime'] as const;
export const packageKeySchema = z.enum(PACKAGE_KEYS);
export type PackageKey = z.infer<typeof packageKeySchema>;

/**
 * GET /subscription: what the upgrade page shows. With billing off (`enabled` false) plans are
 * managed by the people who run the server; packages is then empty.
 */
export const billingStateSchema = z.object({
  enabled: z.boolean(),
  /** Whom to ask about plans when billing is off (SIGNUP_CONTACT); null: the people who run this server. */
  contact: z.string().nullable(),
  /** Days of trial a first subscription starts with; 0: none. */
  trialDays: z.number().int().nonnegative(),
  packages: z.array(
    z.object({
      key: packageKeySchema,
      period: planPeriodSchema,
      /** In currency units (30 means 30 USD), as Stripe's price states it. */
      price: z.number().nonnegative(),
      currency: z.string().min(3).max(3),
      savings: z.number().optional(),
    }),
  ),
  subscription: z
    .object({
      status: z.string(),
      period: planPeriodSchema.nullable(),
      /** ISO date of the next renewal (or the end, when cancelled); null for Lifetime. */
      renewsAt: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  /** A Stripe customer exists: the card can be changed in Stripe's portal. */
  canManageCard: z.boolean(),
});
export type BillingState = z.infer<typeof billingStateSchema>;

/** POST /subscription/portal: Stripe's customer portal, where the card is changed. */
export const billingPortalResponseSchema = z.object({ url: httpUrlSchema });

/** What /static/payment-success posts to the window that opened the checkout popup. */
export const paymentCompleteMessageSchema = z.object({
  type: z.literal('vocal:payment-complete'),
  sessionId: z.string().max(255).nullable(),
});
export type PaymentCompleteMessage = z.infer<typeof paymentCompleteMessageSchema>;
