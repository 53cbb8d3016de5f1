import { z } from 'zod';

/**
 * The parts of Stripe's objects this product reads, parsed with zod like everything else that
 * crosses a boundary: a webhook's payload or an API answer missing one of these fails loudly
 * here instead of writing nonsense. Unknown fields are kept and ignored.
 */

const id = z.string().min(1).max(255);
/** An id, or the object itself when the call expanded it. */
const reference = z.union([id, z.looseObject({ id })]).transform((value) => (typeof value === 'string' ? value : value.id));
const seconds = z.number().int().nonnegative();

export const stripeCouponSchema = z.looseObject({
  id,
  percent_off: z.number().nullable().optional().default(null),
  amount_off: z.number().int().nullable().optional().default(null),
  currency: z.string().nullable().optional().default(null),
  duration: z.enum(['once', 'repeating', 'forever']),
  duration_in_months: z.number().int().nullable().optional().default(null),
  valid: z.boolean().optional().default(true),
});
export type StripeCoupon = z.output<typeof stripeCouponSchema>;

export const stripePromotionCodeSchema = z.looseObject({
  id,
  code: z.string(),
  active: z.boolean(),
  expires_at: seconds.nullable().optional().default(null),
  max_redemptions: z.number().int().nullable().optional().default(null),
  times_redeemed: z.number().int().nonnegative().default(0),
  promotion: z.looseObject({ type: z.literal('coupon'), coupon: z.union([id, stripeCouponSchema]).nullable() }),
});

export const stripeListSchema = <Item extends z.ZodType>(item: Item) => z.looseObject({ data: z.array(item) });

export const stripeSubscriptionSchema = z.looseObject({
  id,
  customer: reference,
  status: z.string().min(1).max(40),
  cancel_at_period_end: z.boolean().default(false),
  metadata: z.record(z.string(), z.string()).nullable().optional().default(null),
  items: z.looseObject({
    data: z.array(
      z.looseObject({
        current_period_end: seconds.nullable().optional().default(null),
        price: z.looseObject({ id }).nullable().optional().default(null),
      }),
    ),
  }),
});
export type StripeSubscription = z.output<typeof stripeSubscriptionSchema>;

export const stripeCheckoutSessionSchema = z.looseObject({
  id,
  mode: z.enum(['payment', 'setup', 'subscription']),
  customer: reference.nullable(),
  subscription: reference.nullable().optional().default(null),
  client_reference_id: z.string().nullable().optional().default(null),
  payment_status: z.string().optional().default('unpaid'),
  metadata: z.record(z.string(), z.string()).nullable().optional().default(null),
  url: z.string().nullable().optional().default(null),
});
export type StripeCheckoutSession = z.output<typeof stripeCheckoutSessionSchema>;

export const stripeInvoiceSchema = z.looseObject({
  id,
  customer: reference.nullable(),
  status: z.string().nullable(),
  currency: z.string().min(3).max(3),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  created: seconds,
  hosted_invoice_url: z.string().nullable().optional().default(null),
  status_transitions: z.looseObject({ paid_at: seconds.nullable().optional().default(null) }).optional(),
  parent: z
    .looseObject({
      subscription_details: z
        .looseObject({ subscription: reference.nullable().optional().default(null) })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional()
    .default(null),
});
export type StripeInvoice = z.output<typeof stripeInvoiceSchema>;

/** The envelope of every webhook delivery; `data.object` is parsed by type. */
export const stripeEventSchema = z.looseObject({
  id,
  type: z.string().min(1).max(100),
  created: seconds,
  data: z.looseObject({ object: z.looseObject({}) }),
});
export type StripeEvent = z.output<typeof stripeEventSchema>;

export const stripeUrlObjectSchema = z.looseObject({ id, url: z.string().url() });

/** A time Stripe gives in seconds since the epoch (null or absent: none). */
export const fromSeconds = (value: number | null | undefined) => (value === null || value === undefined ? null : new Date(value * 1000));
