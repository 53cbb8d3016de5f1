import { Hono } from 'hono';
import { z } from 'zod';
import { inviteRequestSchema, inviteSignUpSchema, joinInviteQuerySchema, teamInviteCodeSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
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

/** Invites are mail in the owner's name: not from an account whose own address is unproven. */
const UNCONFIRMED_OWNER = 'Confirm your email address before you invite people: open the link we mailed you';

const codeParams = z.object({ code: teamInviteCodeSchema });

/** Teams (spec section 7: GET, POST and DELETE /invite) and the /join page's two calls. */
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
      .get('/invite', signedIn, async (context) => context.json(await teams.view(context.get('user'))))
      .post('/invite', signedIn, async (context) => {
        const { email } = await readJson(context, inviteRequestSchema);
        const user = context.get('user');
        if (!addressConfirmed(user, services.config)) throw forbidden(UNCONFIRMED_OWNER);
        // Each invite is a mail to someone who never asked for it: a cap per owner, and one per address a day.
        await countAttempt(services.limits.teamInvitesPerOwner, String(user.id), 'team invites today');
        const beforeMailing = () => countAttempt(services.limits.teamInvitesPerAddress, email, 'invites to this address today');
        return context.json(await teams.invite(user, email, { beforeMailing }));
      })
      .delete('/invite', signedIn, async (context) => {
        const { email } = await readJson(context, inviteRequestSchema);
        return context.json(await teams.remove(context.get('user'), email));
      })
      .get('/join/:code', optionalUser(services), async (context) => {
        const { code } = readParams(context, codeParams, TEAM_MESSAGES.unknownCode);
        const { email } = readQuery(context, joinInviteQuerySchema);
        return context.json(await teams.lookup(code, context.get('user') ?? null, email));
      })
      // A new person: the account is made for the address the invite was mailed to, then joins.
      // Counted against the sign-in rate of the client address, like every way to an account.
      .post('/join/:code/signup', async (context) => {
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
      })
      .post('/join/:code', signedIn, async (context) => {
        const { code } = readParams(context, codeParams, TEAM_MESSAGES.unknownCode);
        return context.json(await teams.accept(context.get('user'), code));
      })
  );
}
