import { z } from 'zod';
import { affiliateResponseSchema, couponRequestSchema, couponResponseSchema } from '@vocal/settings-model';
import { adminCouponCodeSchema, adminCreateCouponSchema, type AdminCoupon } from '../billing/coupon-service.ts';
import { TAGS, type RouteDescription } from './route-description.ts';

const adminCouponSchema: z.ZodType<AdminCoupon> = z.object({
  code: z.string(),
  plan: z.number().int(),
  days: z.number().int(),
  maxRedemptions: z.number().int().nullable(),
  redemptions: z.number().int(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});

/** Coupons and the affiliate programme (decision 0034), and the admin command's coupon calls. */
export const COUPON_AFFILIATE_ROUTE_DESCRIPTIONS: Record<string, RouteDescription> = {
  'POST /api/coupon': {
    tag: TAGS.account,
    summary: 'Redeem a coupon code',
    description:
      'A local coupon (made with `pnpm admin coupons create`) gives its plan for its days at once, once per account. With billing on, a code that is no local coupon is looked up as a Stripe promotion code: the answer names the discount and the upgrade page to take it at checkout.',
    security: 'bearer',
    body: { json: couponRequestSchema },
    answers: { 200: { description: 'What the code gave (kind plan) or offers at checkout (kind discount)', json: couponResponseSchema } },
    refusals: {
      404: 'No coupon has this code',
      409: 'Already redeemed on this account, or redeemed as many times as it allows',
      410: 'The coupon has expired or is no longer active',
      429: 'Too many codes tried from this account (Retry-After says when to try again)',
    },
  },
  'GET /api/affiliate': {
    tag: TAGS.account,
    summary: 'My referral link, its clicks, sign-ups and paying referrals, and the commission',
    description:
      'The link is {PUBLIC_URL}/?ref={code}. A click is counted once per visitor and day; the commission is AFFILIATE_COMMISSION_PERCENT of what referred people paid in the first year after their first payment, in cents.',
    security: 'bearer',
    answers: { 200: { description: 'The figures', json: affiliateResponseSchema } },
  },
  'GET /api/admin/coupons': {
    tag: TAGS.admin,
    summary: 'Every local coupon and how often it was redeemed (pnpm admin coupons list)',
    security: 'admin',
    answers: { 200: { description: 'The coupons', json: z.object({ coupons: z.array(adminCouponSchema) }) } },
  },
  'POST /api/admin/coupons': {
    tag: TAGS.admin,
    summary: 'Create a local coupon (pnpm admin coupons create)',
    security: 'admin',
    body: { json: adminCreateCouponSchema },
    answers: { 201: { description: 'The coupon', json: adminCouponSchema } },
    refusals: { 409: 'A coupon with this code exists' },
  },
  'POST /api/admin/coupons/disable': {
    tag: TAGS.admin,
    summary: 'End a coupon now (pnpm admin coupons disable); what it gave runs its course',
    security: 'admin',
    body: { json: adminCouponCodeSchema },
    answers: { 200: { description: 'The coupon', json: adminCouponSchema } },
    refusals: { 404: 'No coupon has this code' },
  },
  'POST /api/admin/coupons/delete': {
    tag: TAGS.admin,
    summary: 'Remove a coupon (pnpm admin coupons delete); its redemptions keep their plan until their end',
    security: 'admin',
    body: { json: adminCouponCodeSchema },
    answers: { 200: { description: 'The coupon as it was', json: adminCouponSchema } },
    refusals: { 404: 'No coupon has this code' },
  },
};
