import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { AffiliateService } from './affiliate-service.ts';
import type { PlanService } from './plan-service.ts';
import type { TokenService } from '../accounts/token-service.ts';

/** GET /affiliate: the caller's referral link and figures. */
export function affiliateRoutes(services: {
  tokens: TokenService;
  accounts: AccountService;
  plans: PlanService;
  affiliates: AffiliateService;
}) {
  return new Hono<AppEnv>().get('/affiliate', requireUser(services), async (context) =>
    context.json(await services.affiliates.figures(context.get('user').id)),
  );
}
