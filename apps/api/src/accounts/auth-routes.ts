import { Hono, type Context } from 'hono';
import { credentialsSchema, microsoftAuthRequestSchema, signUpRequestSchema, type SignupPolicyResponse } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError, notFound, tooManyRequests, unauthorized } from '../http/http-error.ts';
import { readJson } from '../http/read-input.ts';
import { referralCodeOf } from '../http/referral-cookie.ts';
import { bearerToken, requireUser } from '../http/require-user.ts';
import type { AccountService } from './account-service.ts';
import type { AffiliateService } from '../billing/affiliate-service.ts';
import type { AddressConfirmationService } from './email-confirmation.ts';
import type { ApiLimits } from '../http/api-limits.ts';
import type { MicrosoftIdentityVerifier } from './microsoft-identity.ts';
import type { PlanService } from '../billing/plan-service.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import type { TokenService } from './token-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { SIGN_IN_LIMIT } from '../openapi/description-parts.ts';

type SignInResult = Awaited<ReturnType<AccountService['signIn']>>;

/** Off (no MICROSOFT_CLIENT_ID): a 404, as for a route this server does not have; 501 would read as our fault. */
export const MICROSOFT_SIGN_IN_OFF = 'Microsoft sign-in is not configured on this server (MICROSOFT_CLIENT_ID is unset)';

/**
 * Signing in. POST /auth is the hosts' (sign in, or create on first use, as the spec has it);
 * the web app asks explicitly: POST /signin never creates (an unknown address is a 404), POST /signup
 * creates with a name.
 * POST /microsoft-auth is the spec's Microsoft provider: a verified Microsoft token for ours.
 */
export function authRoutes(services: {
  accounts: AccountService;
  tokens: TokenService;
  config: Config;
  limits: ApiLimits;
  microsoftIdentity: MicrosoftIdentityVerifier | null;
  affiliates: AffiliateService;
  plans: PlanService;
  emailConfirmation: AddressConfirmationService;
}) {
  const { accounts, tokens, config, microsoftIdentity } = services;
  const { signIns } = services.limits;
  const throttle = createSignInThrottle(services.limits);

  /** Every password sign-in: the per-address rate, then the per-account throttle around `run`. */
  async function throttled(context: Context<AppEnv>, email: string, run: (userAgent: string | null) => Promise<SignInResult>) {
    const address = clientAddress(context, config.trustProxy);
    const attempt = await throttle.reserve(email, address);
    try {
      const result = await run(context.req.header('user-agent') ?? null);
      await attempt.succeeded({ created: result.created });
      if (result.created) {
        await services.affiliates.recordSignUp(result.userId, referralCodeOf(context));
        // The address is only typed, not proven: a link goes to it before anything else does.
        await services.emailConfirmation.send(result.userId);
      }
      return context.json(result.tokens, result.created ? 201 : 200);
    } catch (error) {
      // An unknown address (404) counts like a wrong password, so probing addresses meets the same backoff.
      if (error instanceof HttpError && (error.status === 401 || error.status === 404)) {
        await attempt.failed(error.status === 404 ? 'no-account' : 'wrong-password');
      } else {
        await attempt.abandoned();
      }
      throw error;
    }
  }

  async function countSignIn(context: Context<AppEnv>) {
    const wait = await signIns.hit(clientAddress(context, config.trustProxy));
    if (wait) throw tooManyRequests(`Too many sign-in attempts. Try again in ${wait} seconds.`, wait);
  }

  return (
    new Hono<AppEnv>()
      .post(
        '/auth',
        described({
          tag: TAGS.signIn,
          summary: 'Sign in, or create the account when the address has none (when sign-up is open)',
          access: 'public',
          body: { json: 'Credentials' },
          answers: { 200: { description: 'Signed in', json: 'Tokens' }, 201: { description: 'A new account, signed in', json: 'Tokens' } },
          refusals: { 401: 'Wrong password', 403: 'Sign-up is not open to this address', 429: SIGN_IN_LIMIT },
        }),
        async (context) => {
          await countSignIn(context);
          const credentials = await readJson(context, credentialsSchema);
          return throttled(context, credentials.email, (userAgent) =>
            accounts.signInOrSignUp(credentials.email, credentials.password, userAgent),
          );
        },
      )
      .post(
        '/signin',
        described({
          tag: TAGS.signIn,
          summary: 'Sign in to an existing account',
          access: 'public',
          body: { json: 'Credentials' },
          answers: { 200: { description: 'Signed in', json: 'Tokens' } },
          refusals: { 401: 'Wrong password', 404: 'No account for this address yet', 429: SIGN_IN_LIMIT },
        }),
        async (context) => {
          await countSignIn(context);
          const credentials = await readJson(context, credentialsSchema);
          return throttled(context, credentials.email, (userAgent) => accounts.signIn(credentials.email, credentials.password, userAgent));
        },
      )
      .post(
        '/signup',
        described({
          tag: TAGS.signIn,
          summary: 'Create an account',
          access: 'public',
          body: { json: 'SignUpRequest' },
          answers: {
            200: { description: 'The address had an account and the password is its own: signed in', json: 'Tokens' },
            201: { description: 'The new account, signed in', json: 'Tokens' },
          },
          refusals: { 401: 'The address has an account with another password', 403: 'Sign-up is not open', 429: SIGN_IN_LIMIT },
        }),
        async (context) => {
          await countSignIn(context);
          const request = await readJson(context, signUpRequestSchema);
          return throttled(context, request.email, (userAgent) => accounts.signUp(request, userAgent));
        },
      )
      // Counted like every sign-in; the provider vouches for the address, so no password throttle.
      .post(
        '/microsoft-auth',
        described({
          tag: TAGS.signIn,
          summary: 'Exchange a Microsoft identity token for our tokens',
          access: 'public',
          body: { json: 'MicrosoftAuthRequest' },
          answers: { 200: { description: 'Signed in', json: 'Tokens' }, 201: { description: 'A new account, signed in', json: 'Tokens' } },
          refusals: {
            401: 'The token is expired, unsigned, for another audience or issuer, or not a JWT',
            403: 'Tenant not allowed, no verified address, or sign-up closed',
            404: 'Microsoft sign-in is not configured on this server (MICROSOFT_CLIENT_ID)',
            429: SIGN_IN_LIMIT,
            503: "Microsoft's signing keys could not be fetched",
          },
        }),
        async (context) => {
          if (!microsoftIdentity) throw notFound(MICROSOFT_SIGN_IN_OFF);
          await countSignIn(context);
          const { token } = await readJson(context, microsoftAuthRequestSchema);
          const identity = await microsoftIdentity.verify(token);
          const result = await accounts.signInVerified(identity.email, identity.name, context.req.header('user-agent') ?? null);
          if (result.created) await services.affiliates.recordSignUp(result.userId, referralCodeOf(context));
          return context.json(result.tokens, result.created ? 201 : 200);
        },
      )
      // What the login page offers: "Create a new account", or whom to ask for one; and whether
      // a host may offer Microsoft sign-in.
      .get(
        '/signup-policy',
        described({
          tag: TAGS.signIn,
          summary: 'Who may create an account, whom to ask otherwise, and whether Microsoft sign-in is offered',
          access: 'public',
          answers: { 200: { description: 'The policy', json: 'SignupPolicy' } },
        }),
        (context) =>
          context.json({
            signup: config.signup.policy,
            contact: config.signup.contact,
            microsoft: microsoftIdentity ? { clientId: microsoftIdentity.clientId } : null,
          } satisfies SignupPolicyResponse),
      )
      .post(
        '/refresh',
        described({
          tag: TAGS.signIn,
          summary: 'New tokens for a refresh token',
          description: 'The bearer token is the refresh token, not the access token.',
          access: 'self',
          answers: { 200: { description: 'New tokens', json: 'Tokens' } },
        }),
        async (context) => {
          const token = bearerToken(context.req.header('authorization'));
          if (!token) throw unauthorized('The refresh token is missing');
          return context.json(await tokens.refresh(token));
        },
      )
      .post(
        '/logout',
        described({
          tag: TAGS.signIn,
          summary: 'End this session',
          access: 'self',
          answers: { 200: { description: 'Signed out', json: 'Ok' } },
        }),
        requireUser(services),
        async (context) => {
          await tokens.revokeSession(context.get('sessionId'));
          return context.json({ ok: true });
        },
      )
  );
}
