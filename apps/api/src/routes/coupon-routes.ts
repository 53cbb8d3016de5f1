import { Hono } from 'hono';
import { couponRequestSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../services/account-service.ts';
import { countAttempt } from '../services/api-limits.ts';
import type { CouponService } from '../services/coupon-service.ts';
import type { PlanService } from '../services/plan-service.ts';
import type { RateLimits } from '../services/rate-limiter.ts';
import type { TokenService } from '../services/token-service.ts';

/** Tries one account may make per ten minutes: plenty for typing a code, too few to guess one. */
export const COUPON_TRIES_PER_TEN_MINUTES = 30;

/** POST /coupon {coupon}: redeems a local coupon, or checks a Stripe promotion code for checkout. */
export function couponRoutes(services: {
  tokens: TokenService;
  accounts: AccountService;
  plans: PlanService;
  coupons: CouponService;
  rateLimits: RateLimits;
}) {
  const tries = services.rateLimits.limiter('coupon-tries', { limit: COUPON_TRIES_PER_TEN_MINUTES, windowMs: 10 * 60_000 });
  return new Hono<AppEnv>().post('/coupon', requireUser(services), async (context) => {
    const { coupon } = await readJson(context, couponRequestSchema);
    const user = context.get('user');
    await countAttempt(tries, String(user.id), 'coupon codes tried');
    return context.json(await services.coupons.redeem(user.id, coupon));
  });
}
