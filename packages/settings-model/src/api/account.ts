import { z } from 'zod';
import { httpUrlSchema } from '../validation.ts';

/** Image upload (multipart field img) answers the stored image's URL. */
export const imageUploadResponseSchema = z.object({ url: httpUrlSchema });

/**
 * What the picture sent to POST /image is for (its optional multipart field `kind`), which says
 * how it is stored (IMAGE_RESIZE): an avatar as PNG, a logo, or a picture sent with no kind, as
 * WebP. Only a PNG may become an account's avatar.
 */
export const imageUploadKindSchema = z.enum(['avatar', 'logo'], { error: 'must be avatar or logo' });
export type ImageUploadKind = z.infer<typeof imageUploadKindSchema>;

/** DELETE /subscription answers true or false (also accepted wrapped as {ok}). */
export const unsubscribeResponseSchema = z
  .union([z.boolean(), z.object({ ok: z.boolean() })])
  .transform((value) => (typeof value === 'boolean' ? value : value.ok));

/** The longest coupon code: local codes and Stripe promotion codes alike. */
export const COUPON_CODE_MAX = 64;

/** What an administrator may name a local coupon: letters, digits, - and _. */
export const couponCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,64}$/, { error: '3 to 64 letters, digits, - or _' });

export const couponRequestSchema = z.object({
  coupon: z
    .string({ error: 'enter a coupon code' })
    .trim()
    .min(1, { error: 'enter a coupon code' })
    .max(COUPON_CODE_MAX, { error: `a coupon code has at most ${COUPON_CODE_MAX} characters` }),
});

/**
 * POST /coupon: what the code gave. A local coupon gives a plan until a date at once; a Stripe
 * promotion code (billing on) is a discount taken at checkout, so the answer says where to go.
 */
export const couponResponseSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('plan'),
    coupon: z.string(),
    plan: z.number().int().nonnegative(),
    planName: z.string(),
    days: z.number().int().positive(),
    until: z.iso.datetime({ offset: true }),
    msg: z.string(),
  }),
  z.object({
    kind: z.literal('discount'),
    coupon: z.string(),
    /** In words: "20% off" or "5.00 USD off". */
    discount: z.string(),
    /** Where to take it: the upgrade page, which passes the code to POST /subscription. */
    next: z.string().startsWith('/'),
    msg: z.string(),
  }),
]);
export type CouponResponse = z.infer<typeof couponResponseSchema>;

/** POST /subscription: which package to buy. */
export const subscriptionRequestSchema = z.object({
  key: z.string().min(1).max(64),
  coupon: z.string().trim().max(64).optional(),
});

/** A checkout URL to open, or the resulting subscription status. */
export const subscriptionResponseSchema = z.union([z.object({ checkout_url: httpUrlSchema }), z.object({ status: z.string() })]);
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** Success is true when the returned status is active or trialing (spec section 4). */
export function subscriptionSucceeded(response: SubscriptionResponse): boolean {
  return 'status' in response && (response.status === 'active' || response.status === 'trialing');
}

/**
 * GET /affiliate: the person's referral link and what it brought. `signups` signed up after
 * following it, `paying` of them paid at least one invoice; the commission is `percent` of what
 * they paid in the first year after their first payment, in cents.
 */
export const affiliateResponseSchema = z.object({
  code: z.string(),
  link: httpUrlSchema,
  clicks: z.number().int().nonnegative(),
  signups: z.number().int().nonnegative(),
  paying: z.number().int().nonnegative(),
  commission: z.object({
    amount: z.number().int().nonnegative(),
    currency: z.string().min(3).max(3),
    percent: z.number().nonnegative().max(100),
  }),
});
export type AffiliateResponse = z.infer<typeof affiliateResponseSchema>;
