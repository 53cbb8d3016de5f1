import { Hono } from 'hono';
import { feedbackRequestSchema } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { readJson } from '../http/read-input.ts';
import { optionalUser } from '../http/require-user.ts';
import type { AccountService, UserRow } from '../accounts/account-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { FeedbackService } from './feedback-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { z } from 'zod';

export function feedbackRoutes(services: {
  config: Config;
  accounts: AccountService;
  tokens: TokenService;
  feedback: FeedbackService;
  limits: ApiLimits;
}) {
  return new Hono<AppEnv>().post(
    '/feedback',
    described({
      tag: TAGS.support,
      summary: 'Report an issue (the report-issue dialog)',
      access: 'public',
      security: 'optional-bearer',
      body: { json: 'FeedbackRequest' },
      answers: { 201: { description: 'Saved', json: z.object({ id: z.string() }) } },
      refusals: { 429: 'Too many reports from this address' },
    }),
    optionalUser(services),
    async (context) => {
      await countAttempt(services.limits.reports, clientAddress(context, services.config.trustProxy), 'reports from here');
      const input = await readJson(context, feedbackRequestSchema);
      // Set only when the sender was signed in (optionalUser).
      const user = context.get('user') as UserRow | undefined;
      const saved = await services.feedback.record(input, {
        userId: user?.id ?? null,
        userAgent: context.req.header('user-agent') ?? null,
        name: user?.name || null,
      });
      return context.json(saved, 201);
    },
  );
}
