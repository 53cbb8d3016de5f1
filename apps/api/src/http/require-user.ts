import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AccountService } from '../accounts/account-service.ts';
import { isPersonalToken } from '../accounts/api-token-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import type { AppEnv } from './app-env.ts';
import { handlerAsWritten } from './handler-as-written.ts';
import { unauthorized } from './http-error.ts';
import { assertTokenReach } from './personal-token-reach.ts';

/** The token from `Authorization: Bearer <token>`, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

export const SIGN_IN_FIRST = 'Sign in first: the Authorization bearer token is missing';

type AuthServices = { tokens: TokenService; accounts: AccountService };

async function authenticate(services: AuthServices, token: string, context: Context<AppEnv>) {
  if (isPersonalToken(token)) {
    const found = await services.tokens.personal.authenticate(token);
    if (!found) throw unauthorized('This API token is not valid: it was revoked, or never existed');
    assertTokenReach(found.scope, context.req.method, context.req.path);
    const user = await services.accounts.findById(found.userId);
    if (!user) throw unauthorized('This API token is not valid: it was revoked, or never existed');
    context.set('apiToken', { id: found.tokenId, scope: found.scope });
    // No session: the routes that act on one (sign-out, password and email changes) are out of a token's reach.
    return { user, sessionId: '' };
  }
  const claims = await services.tokens.verifyAccess(token);
  const user = await services.accounts.findInSession(claims.userId, claims.sessionId);
  if (!user) throw unauthorized('This session has been signed out');
  return { user, sessionId: claims.sessionId };
}

/** The mark of requireUser's middleware, so a test can hold each route's `access` to its guard. */
const SIGNED_IN_ONLY = Symbol('lets only a signed-in user through');

/** Whether a handler of the route table is requireUser's guard. */
export const isSignInGuard = (handler: unknown): boolean => {
  const written = handlerAsWritten(handler);
  return typeof written === 'function' && SIGNED_IN_ONLY in written;
};

/** Lets a request through only with a valid access token of a live session and user. */
export function requireUser(services: AuthServices) {
  const guard = createMiddleware<AppEnv>(async (context, next) => {
    const token = bearerToken(context.req.header('authorization'));
    if (!token) throw unauthorized(SIGN_IN_FIRST);
    const { user, sessionId } = await authenticate(services, token, context);
    context.set('user', user);
    context.set('sessionId', sessionId);
    await next();
  });
  return Object.assign(guard, { [SIGNED_IN_ONLY]: true });
}

/**
 * For calls anyone may make that mean more from a signed-in user (listen tracking,
 * feedback): no token is fine; a token that fails is a 401, so the client refreshes.
 */
export function optionalUser(services: AuthServices) {
  return createMiddleware<AppEnv>(async (context, next) => {
    const token = bearerToken(context.req.header('authorization'));
    if (token) {
      const { user, sessionId } = await authenticate(services, token, context);
      context.set('user', user);
      context.set('sessionId', sessionId);
    }
    await next();
  });
}
