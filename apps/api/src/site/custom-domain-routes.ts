import { Hono } from 'hono';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { badRequest, forbidden } from '../http/http-error.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import { countAttempt } from '../http/api-limits.ts';
import type { CustomDomainService } from './custom-domain-service.ts';
import { INTERNAL_NAME_REFUSAL, isInternalName } from './domain-check.ts';
import { isPro } from '../billing/plans.ts';
import type { RateLimits } from '../http/rate-limiter.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

/** DNS checks one account may run per ten minutes: each sends a handful of queries to the resolvers. */
export const DOMAIN_CHECKS_PER_TEN_MINUTES = 10;

/**
 * The custom domain page's two calls: where the account's domain stands and the records to
 * create (GET account/domain), and a check of the saved domain's DNS that makes the account its
 * holder once it points here and carries the account's proof (POST account/domain/check, Pro,
 * rate-limited per account). Only the saved domain is checked, and never an internal name, so
 * this is not a resolver for any name a caller sends.
 */
export function customDomainRoutes(services: {
  config: Config;
  accounts: AccountService;
  tokens: TokenService;
  rateLimits: RateLimits;
  customDomains: CustomDomainService;
}) {
  const checks = services.rateLimits.limiter('domain-checks', { limit: DOMAIN_CHECKS_PER_TEN_MINUTES, windowMs: 10 * 60_000 });
  return new Hono<AppEnv>()
    .get(
      '/account/domain',
      described({
        tag: TAGS.account,
        summary: 'My custom domain: where it stands (pending, held, lost) and the CNAME and TXT records to create',
        access: 'self',
        answers: { 200: { description: 'The custom domain state', json: 'CustomDomainState' } },
      }),
      requireUser(services),
      async (context) => context.json(await services.customDomains.state(context.get('user').id), 200, { 'cache-control': 'no-store' }),
    )
    .post(
      '/account/domain/check',
      described({
        tag: TAGS.account,
        summary: "Check the custom domain's DNS now: once it points here and carries my proof record, I hold it",
        access: 'self',
        answers: { 200: { description: 'Whether it points here and is proven (never what it resolves to)', json: 'DomainCheck' } },
        refusals: { 400: 'No domain saved, or an internal name', 403: 'Custom domains are a Pro feature', 429: 'Too many DNS checks' },
      }),
      requireUser(services),
      async (context) => {
        const user = context.get('user');
        if (!isPro(user)) throw forbidden('A custom domain is a Pro feature. Upgrade to use your own domain.');
        if (!user.domain) throw badRequest('domain: save your custom domain first, then check it');
        if (isInternalName(user.domain)) throw badRequest(INTERNAL_NAME_REFUSAL);
        await countAttempt(checks, String(user.id), 'DNS checks');
        const checked = await services.customDomains.check(user.id);
        if (!checked) throw badRequest('domain: save your custom domain first, then check it');
        return context.json(checked, 200, { 'cache-control': 'no-store' });
      },
    );
}
