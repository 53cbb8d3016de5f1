import { z } from 'zod';
import { httpUrlSchema } from '../validation.ts';

/** Image upload (multipart field img) answers the stored image's URL. */
export const imageUploadResponseSchema = z.object({ url: httpUrlSchema });

/** DELETE /subscription answers true or false (also accepted wrapped as {ok}). */
export const unsubscribeResponseSchema = z
  .union([z.boolean(), z.object({ ok: z.boolean() })])
  .transform((value) => (typeof value === 'boolean' ? value : value.ok));

/** POST /coupon: what the coupon did, in words the UI can show. */
export const couponResponseSchema = z.looseObject({ msg: z.string().optional() });

export const couponRequestSchema = z.object({
  coupon: z.string().trim().min(1, { error: 'coupon is required' }).max(64),
});

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

export const affiliateResponseSchema = z.looseObject({
  code: z.string(),
  link: httpUrlSchema,
  referrals: z.number().int().nonnegative().default(0),
  earningsCents: z.number().int().nonnegative().default(0),
});
