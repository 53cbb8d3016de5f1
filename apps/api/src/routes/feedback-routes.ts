import { Hono } from 'hono';
import { feedbackRequestSchema } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { JSON_BODY_LIMIT, limitBody } from '../http/body-limit.ts';
import { clientAddress } from '../http/client-address.ts';
import { tooManyRequests } from '../http/http-error.ts';
import { readJson } from '../http/read-input.ts';
import { optionalUser } from '../http/require-user.ts';
import type { AccountService, UserRow } from '../services/account-service.ts';
import type { FeedbackService } from '../services/feedback-service.ts';
import { createRateLimiter } from '../services/rate-limiter.ts';
import type { TokenService } from '../services/token-service.ts';

export function feedbackRoutes(services: { config: Config; accounts: AccountService; tokens: TokenService; feedback: FeedbackService }) {
  const perAddress = createRateLimiter({ limit: 10, windowMs: 10 * 60_000 });
  return new Hono<AppEnv>().post('/feedback', optionalUser(services), limitBody(JSON_BODY_LIMIT), async (context) => {
    const wait = perAddress.hit(clientAddress(context, services.config.trustProxy));
    if (wait) throw tooManyRequests(`Too many reports from here. Try again in ${wait} seconds.`, wait);
    const input = await readJson(context, feedbackRequestSchema);
    // Set only when the sender was signed in (optionalUser).
    const user = context.get('user') as UserRow | undefined;
    const saved = await services.feedback.record(input, {
      userId: user?.id ?? null,
      userAgent: context.req.header('user-agent') ?? null,
    });
    return context.json(saved, 201);
  });
}
