import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { AffiliateService } from './affiliate-service.ts';
import type { PlanService } from './plan-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { affiliateResponseSchema } from '@vocal/settings-model';

/** GET /affiliate: the caller's referral link and figures. */
export function affiliateRoutes(services: {
  tokens: TokenService;
  accounts: AccountService;
  plans: PlanService;
  affiliates: AffiliateService;
}) {
  return new Hono<AppEnv>().get(
    '/affiliate',
    described({
      tag: TAGS.account,
      summary: 'My referral link, its clicks, sign-ups and paying referrals, and the commission',
      description:
        'The link is {PUBLIC_URL}/?ref={code}. A click is counted once per visitor and day; the commission is AFFILIATE_COMMISSION_PERCENT of what referred people paid in the first year after their first payment, in cents.',
      access: 'self',
      answers: { 200: { description: 'The figures', json: affiliateResponseSchema } },
    }),
    requireUser(services),
    async (context) => context.json(await services.affiliates.figures(context.get('user').id)),
  );
}
