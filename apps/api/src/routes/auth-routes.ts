import { Hono } from 'hono';
import { credentialsSchema } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { JSON_BODY_LIMIT, limitBody } from '../http/body-limit.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError, tooManyRequests, unauthorized } from '../http/http-error.ts';
import { readJson } from '../http/read-input.ts';
import { bearerToken, requireUser } from '../http/require-user.ts';
import type { AccountService } from '../services/account-service.ts';
import type { ApiLimits } from '../services/api-limits.ts';
import { createSignInThrottle } from '../services/sign-in-throttle.ts';
import type { TokenService } from '../services/token-service.ts';

export function authRoutes(services: { accounts: AccountService; tokens: TokenService; config: Config; limits: ApiLimits }) {
  const { accounts, tokens, config } = services;
  const { signIns } = services.limits;
  const throttle = createSignInThrottle(services.limits);

  return new Hono<AppEnv>()
    .post('/auth', limitBody(JSON_BODY_LIMIT), async (context) => {
      const address = clientAddress(context, config.trustProxy);
      const wait = await signIns.hit(address);
      if (wait) throw tooManyRequests(`Too many sign-in attempts. Try again in ${wait} seconds.`, wait);
      const credentials = await readJson(context, credentialsSchema);
      const attempt = await throttle.reserve(credentials.email, address);
      try {
        const result = await accounts.signInOrSignUp(credentials.email, credentials.password, context.req.header('user-agent') ?? null);
        await attempt.succeeded();
        return context.json(result.tokens, result.created ? 201 : 200);
      } catch (error) {
        await (error instanceof HttpError && error.status === 401 ? attempt.failed() : attempt.abandoned());
        throw error;
      }
    })
    .post('/refresh', async (context) => {
      const token = bearerToken(context.req.header('authorization'));
      if (!token) throw unauthorized('The refresh token is missing');
      return context.json(await tokens.refresh(token));
    })
    .post('/logout', requireUser(services), async (context) => {
      await tokens.revokeSession(context.get('sessionId'));
      return context.json({ ok: true });
    });
}
