import { Hono, type Context } from 'hono';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  resetTokenCheckSchema,
} from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError } from '../http/http-error.ts';
import { readJson } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { PasswordResetService } from './password-reset-service.ts';
import type { RateLimits } from '../http/rate-limiter.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import type { TokenService } from './token-service.ts';
import type { AccountService } from './account-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS, type RouteDescription } from '../openapi/route-description.ts';
import type { SchemaName } from '../openapi/openapi-schemas.ts';
import { SIGN_IN_LIMIT } from '../openapi/description-parts.ts';

/** Reset mails one address may be sent per hour, however many people ask: no mail-bombing through us. */
const RESETS_PER_EMAIL_PER_HOUR = 5;

/** The one answer to POST /password/forgot, whether or not the address has an account. */
export const RESET_REQUESTED = 'If an account uses this address, a link to choose a new password is on its way. It works once, for 1 hour.';

/** A call that carries a reset link's token, and what it answers when the link works. */
const withResetLink = (summary: string, body: SchemaName, answer: string): RouteDescription => ({
  tag: TAGS.signIn,
  summary,
  access: 'public',
  body: { json: body },
  answers: { 200: { description: answer, json: 'Ok' } },
  refusals: { 400: 'Unknown, used or expired link', 429: SIGN_IN_LIMIT },
});

export function passwordRoutes(services: {
  passwords: PasswordResetService;
  accounts: AccountService;
  tokens: TokenService;
  config: Config;
  limits: ApiLimits;
  rateLimits: RateLimits;
}) {
  const { passwords, config, limits } = services;
  const throttle = createSignInThrottle(limits);
  const resetsPerEmail = services.rateLimits.limiter('password-resets-per-email', {
    limit: RESETS_PER_EMAIL_PER_HOUR,
    windowMs: 3_600_000,
  });

  // A reset link's token is a password for an hour: guesses at it count with the sign-ins.
  const countResetAttempt = (context: Context<AppEnv>) =>
    countAttempt(limits.signIns, clientAddress(context, config.trustProxy), 'password reset attempts');

  return (
    new Hono<AppEnv>()
      .post(
        '/password/forgot',
        described({
          tag: TAGS.signIn,
          summary: 'Mail a password reset link to the address, when it has an account',
          description: 'The answer is the same whether or not the address has an account.',
          access: 'public',
          body: { json: 'ForgotPasswordRequest' },
          answers: { 200: { description: 'Asked', json: 'OkWithMessage' } },
          refusals: { 429: SIGN_IN_LIMIT },
        }),
        async (context) => {
          await countAttempt(limits.signIns, clientAddress(context, config.trustProxy), 'password reset requests');
          const { email } = await readJson(context, forgotPasswordRequestSchema);
          // Counted for every address alike, so a 429 says nothing about whether it has an account.
          await countAttempt(resetsPerEmail, email, 'password reset requests for this address');
          await passwords.requestReset(email);
          return context.json({ ok: true, msg: RESET_REQUESTED });
        },
      )
      .post(
        '/password/reset/check',
        described(withResetLink('Whether a reset link is still good', 'ResetTokenCheck', 'The link works')),
        async (context) => {
          await countResetAttempt(context);
          const { token } = await readJson(context, resetTokenCheckSchema);
          await passwords.checkToken(token);
          return context.json({ ok: true });
        },
      )
      .post(
        '/password/reset',
        described(
          withResetLink("Set a new password with a reset link's token", 'ResetPasswordRequest', 'Changed; every session is signed out'),
        ),
        async (context) => {
          await countResetAttempt(context);
          const { token, password } = await readJson(context, resetPasswordRequestSchema);
          await passwords.reset(token, password);
          return context.json({ ok: true });
        },
      )
      // The current password is checked first, and wrong guesses are throttled like sign-ins.
      .post(
        '/password/change',
        described({
          tag: TAGS.signIn,
          summary: 'Change the password, knowing the current one',
          access: 'self',
          body: { json: 'ChangePasswordRequest' },
          answers: { 200: { description: 'Changed', json: 'Ok' } },
          refusals: { 403: 'The current password is wrong', 429: SIGN_IN_LIMIT },
        }),
        requireUser(services),
        async (context) => {
          const { currentPassword, newPassword } = await readJson(context, changePasswordRequestSchema);
          const user = context.get('user');
          const attempt = await throttle.reserve(user.email, clientAddress(context, config.trustProxy));
          try {
            await passwords.change(user, context.get('sessionId'), currentPassword, newPassword);
            await attempt.succeeded({ created: false });
          } catch (error) {
            await (error instanceof HttpError && error.status === 403 ? attempt.failed('wrong-password') : attempt.abandoned());
            throw error;
          }
          return context.json({ ok: true });
        },
      )
  );
}
