import { Hono } from 'hono';
import { couponRequestSchema, couponResponseSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { Config } from '../env.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError, tooManyRequests } from '../http/http-error.ts';
import type { CouponService } from './coupon-service.ts';
import type { PlanService } from './plan-service.ts';
import type { RateLimits } from '../http/rate-limiter.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

/** Tries one account may make per ten minutes: plenty for typing a code, too few to guess one. */
export const COUPON_TRIES_PER_TEN_MINUTES = 30;

/** POST /coupon {coupon}: redeems a local coupon, or checks a Stripe promotion code for checkout. */
export function couponRoutes(services: {
  tokens: TokenService;
  accounts: AccountService;
  plans: PlanService;
  coupons: CouponService;
  rateLimits: RateLimits;
  limits: ApiLimits;
  config: Config;
}) {
  const tries = services.rateLimits.limiter('coupon-tries', { limit: COUPON_TRIES_PER_TEN_MINUTES, windowMs: 10 * 60_000 });
  return new Hono<AppEnv>().post(
    '/coupon',
    described({
      tag: TAGS.account,
      summary: 'Redeem a coupon code',
      description:
        'A local coupon (made with `pnpm admin coupons create`) gives its plan for its days at once, once per account. With billing on, a code that is no local coupon is looked up as a Stripe promotion code: the answer names the discount and the upgrade page to take it at checkout.',
      access: 'self',
      body: { json: couponRequestSchema },
      answers: { 200: { description: 'What the code gave (kind plan) or offers at checkout (kind discount)', json: couponResponseSchema } },
      refusals: {
        404: 'No coupon has this code',
        409: 'Already redeemed on this account, or redeemed as many times as it allows',
        410: 'The coupon has expired or is no longer active',
        429: 'Too many codes tried from this account (Retry-After says when to try again)',
      },
    }),
    requireUser(services),
    async (context) => {
      const { coupon } = await readJson(context, couponRequestSchema);
      const user = context.get('user');
      await countAttempt(tries, String(user.id), 'coupon codes tried');
      // Codes that do not exist are counted per client address and from everyone together: fresh
      // accounts each bring their own tries, an address or the whole server does not.
      const address = clientAddress(context, services.config.trustProxy);
      for (const [limiter, key] of [
        [services.limits.failedCouponsPerClient, address],
        [services.limits.failedCoupons, 'everyone'],
      ] as const) {
        const wait = await limiter.peek(key);
        if (wait) throw tooManyRequests(`Too many coupon codes that do not exist. Try again in ${wait} seconds.`, wait);
      }
      try {
        return context.json(await services.coupons.redeem(user.id, coupon));
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) {
          await services.limits.failedCouponsPerClient.hit(address);
          await services.limits.failedCoupons.hit('everyone');
        }
        throw error;
      }
    },
  );
}
