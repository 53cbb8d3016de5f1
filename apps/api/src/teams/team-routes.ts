import { Hono } from 'hono';
import { z } from 'zod';
import {
  inviteRequestSchema,
  inviteSchema,
  inviteSignUpSchema,
  joinInviteQuerySchema,
  joinInviteSchema,
  joinResultSchema,
  teamInviteCodeSchema,
} from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { clientAddress } from '../http/client-address.ts';
import { forbidden, tooManyRequests } from '../http/http-error.ts';
import { readJson, readParams, readQuery } from '../http/read-input.ts';
import { optionalUser, requireUser } from '../http/require-user.ts';
import type { Config } from '../env.ts';
import { referralCodeOf } from '../http/referral-cookie.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { AffiliateService } from '../billing/affiliate-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import { addressConfirmed } from '../accounts/email-confirmation.ts';
import type { PlanService } from '../billing/plan-service.ts';
import { TEAM_MESSAGES, type TeamService } from './team-service.ts';
import type { TokenService } from '../accounts/token-service.ts';

const JOIN_CODE = 'The invite code of a /join link (32 URL-safe characters).';
const DONE = { description: 'Done: `{ok, msg}`, the message saying what changed', json: 'OkWithMessage' } as const;

/** Invites are mail in the owner's name: not from an account whose own address is unproven. */
const UNCONFIRMED_OWNER = 'Confirm your email address before you invite people: open the link we mailed you';

const codeParams = z.object({ code: teamInviteCodeSchema });

/**
 * Teams (spec section 7: GET, POST and DELETE /invite; decision 0033) and the /join page's
 * calls, each described for the OpenAPI document where it is defined.
 */
export function teamRoutes(services: {
  accounts: AccountService;
  tokens: TokenService;
  plans: PlanService;
  teams: TeamService;
  affiliates: AffiliateService;
  limits: ApiLimits;
  config: Config;
}) {
  const { teams, accounts } = services;
  const signedIn = requireUser(services);

  return (
    new Hono<AppEnv>()
      .get(
        '/invite',
        described({
          tag: TAGS.teams,
          summary: 'My team: its owner, members and pending invites, and how many places it has',
          description:
            'An owner (or a person who could be one: is_owner true) sees their members and pending invites (status `invited`, with `expires_at`); a member sees the team they are in, its members only, with is_owner false. is_business says whether the owner has Pro of their own; allowed_invites is TEAM_MAX_MEMBERS then, 0 otherwise.',
          access: 'self',
          answers: { 200: { description: 'The team', json: inviteSchema } },
        }),
        signedIn,
        async (context) => context.json(await teams.view(context.get('user'))),
      )
      .post(
        '/invite',
        described({
          tag: TAGS.teams,
          summary: 'Invite an address to my team: a mail with a /join link that works for 14 days',
          description: 'Inviting an address that was invited before sends a new link; the old one stops working.',
          access: 'self',
          body: { json: inviteRequestSchema },
          answers: { 200: DONE },
          refusals: {
            400: 'The address is your own',
            403: 'No Pro of your own, or you are a member of another team',
            409: 'The address is already a member, or the team is full (members and pending invites count)',
            502: 'The invite is saved but its mail could not be sent',
          },
        }),
        signedIn,
        async (context) => {
          const { email } = await readJson(context, inviteRequestSchema);
          const user = context.get('user');
          if (!addressConfirmed(user, services.config)) throw forbidden(UNCONFIRMED_OWNER);
          // Each invite is a mail to someone who never asked for it: a cap per owner, and one per address a day.
          await countAttempt(services.limits.teamInvitesPerOwner, String(user.id), 'team invites today');
          const beforeMailing = () => countAttempt(services.limits.teamInvitesPerAddress, email, 'invites to this address today');
          return context.json(await teams.invite(user, email, { beforeMailing }));
        },
      )
      .delete(
        '/invite',
        described({
          tag: TAGS.teams,
          summary: 'Revoke an invite or remove a member; a member sending their own address leaves the team',
          access: 'self',
          body: { json: inviteRequestSchema },
          answers: { 200: DONE },
          refusals: {
            400: 'An owner sent their own address',
            403: 'A member sent an address other than their own',
            404: 'No member or pending invite of your team has that address',
          },
        }),
        signedIn,
        async (context) => {
          const { email } = await readJson(context, inviteRequestSchema);
          return context.json(await teams.remove(context.get('user'), email));
        },
      )
      .get(
        '/join/:code',
        described({
          tag: TAGS.teams,
          summary: 'Whose team a /join link is for, and whether it can still be used',
          description:
            'Anyone holding the link may ask; the invited address is never shown. `for_you` compares it with the signed-in account, or with `email` when asked, so the page can tell before an account is made.',
          access: 'public',
          security: 'optional-bearer',
          pathParameters: { code: JOIN_CODE },
          query: joinInviteQuerySchema,
          answers: { 200: { description: 'The invite', json: joinInviteSchema } },
          refusals: { 404: 'No invite has this code (revoked, replaced or mistyped)' },
        }),
        optionalUser(services),
        async (context) => {
          const { code } = readParams(context, codeParams, TEAM_MESSAGES.unknownCode);
          const { email } = readQuery(context, joinInviteQuerySchema);
          return context.json(await teams.lookup(code, context.get('user') ?? null, email));
        },
      )
      // A new person: the account is made for the address the invite was mailed to, then joins.
      // Counted against the sign-in rate of the client address, like every way to an account.
      .post(
        '/join/:code/signup',
        described({
          tag: TAGS.teams,
          summary: 'Create an account for the invited address and join the team: the /join page for a new person',
          description:
            'The mailed code stands for the invited mailbox, as a reset link does, so the account gets that address. SIGNUP=invite lets it through; only SIGNUP=closed refuses. Counted against the sign-in rate of the client address.',
          access: 'public',
          pathParameters: { code: JOIN_CODE },
          body: { json: inviteSignUpSchema },
          answers: { 201: { description: 'The new account, signed in and in the team', json: 'Tokens' } },
          refusals: {
            403: 'Sign-up is closed on this server',
            404: 'No invite has this code',
            409: 'The address has an account already (sign in, then join), or the owner no longer has Pro',
            410: 'The invite has expired or was already used',
            429: 'Too many sign-in attempts from this address (Retry-After says when to try again)',
          },
        }),
        async (context) => {
          const wait = await services.limits.signIns.hit(clientAddress(context, services.config.trustProxy));
          if (wait) throw tooManyRequests(`Too many sign-in attempts. Try again in ${wait} seconds.`, wait);
          const { code } = readParams(context, codeParams, TEAM_MESSAGES.unknownCode);
          const request = await readJson(context, inviteSignUpSchema);
          const email = await teams.openInviteEmail(code);
          const created = await accounts.signUpInvited({ email, ...request }, context.req.header('user-agent') ?? null);
          // A sign-up like any other: a referral link followed before counts for its affiliate.
          await services.affiliates.recordSignUp(created.userId, referralCodeOf(context));
          const user = await accounts.findById(created.userId);
          if (user) await teams.accept(user, code);
          return context.json(created.tokens, 201);
        },
      )
      .post(
        '/join/:code',
        described({
          tag: TAGS.teams,
          summary: 'Join the team of a /join link: the signed-in account must have the invited address',
          access: 'self',
          pathParameters: { code: JOIN_CODE },
          answers: { 200: { description: 'Joined; `plan` is the account’s plan now', json: joinResultSchema } },
          refusals: {
            403: 'The invite was sent to another address',
            404: 'No invite has this code',
            409: 'Already in this or another team, owning a team with people in it, or the owner no longer has Pro',
            410: 'The invite has expired or was already used',
          },
        }),
        signedIn,
        async (context) => {
          const { code } = readParams(context, codeParams, TEAM_MESSAGES.unknownCode);
          return context.json(await teams.accept(context.get('user'), code));
        },
      )
  );
}
