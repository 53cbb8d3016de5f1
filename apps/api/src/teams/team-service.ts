import { and, asc, count, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { PLAN_IDS, type InviteWire, type JoinInvite, type JoinResult } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { teamInvites, users } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { badRequest, conflict, forbidden, gone, HttpError, notFound } from '../http/http-error.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { teamInviteMail } from '../mail/team-invite-mail.ts';
import type { UserRow } from '../accounts/account-service.ts';
import { chosenName } from '../accounts/account-service.ts';
import { randomId } from '../common/ids.ts';
import type { PlanService } from '../billing/plan-service.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';

/** How long a /join link works (decision 0033). */
export const TEAM_INVITE_DAYS = 14;
/** The web page an invite mail links to; the code follows. */
export const JOIN_PAGE_PATH = '/join/';
/** The Team settings page, named in refusals that send the person there. */
const TEAM_PAGE = 'Settings → Team';

export const TEAM_MESSAGES = {
  notBusiness: 'Teams come with Pro: your account needs Pro of its own to invite people (see /upgrade)',
  memberCannotManage: (owner: string) =>
    `You are a member of ${owner}'s team: only its owner invites or removes people. Leave it (${TEAM_PAGE}) to have a team of your own`,
  yourself: 'email: that is your own address; you are the owner of this team',
  alreadyMember: 'email: that address is already in your team',
  full: (max: number) =>
    `Your team is full: ${max} people (members and pending invites together). Remove someone or revoke an invite first`,
  invited: `Invite sent: the link in it works for ${TEAM_INVITE_DAYS} days`,
  notInTeam: 'email: no member or pending invite of your team has that address',
  ownerCannotLeave: 'email: that is your own address; an owner does not leave their team (remove its members instead)',
  unknownCode: 'This invite link is not valid: it was revoked, replaced by a newer one, or mistyped',
  expired: (owner: string) => `This invite has expired: ask ${owner} to send a new one`,
  used: 'This invite was already used to join the team',
  otherAddress: (owner: string) =>
    `This invite was sent to another email address. Sign in with the address it was sent to, or ask ${owner} to invite the address you use`,
  closed: (owner: string) => `${owner}'s team is not open: their account no longer has Pro`,
  inAnotherTeam: (owner: string) => `You are in ${owner}'s team already: leave it first (${TEAM_PAGE}) to join another`,
  alreadyInThisTeam: (owner: string) => `You are already in ${owner}'s team`,
  ownTeam: 'You have a team of your own: remove its members and revoke its invites first (Settings → Team)',
} as const;

type Owner = Pick<UserRow, 'id' | 'name' | 'email' | 'avatarUrl' | 'plan' | 'teamOwnerId'>;

/** The name the team goes by: the owner's chosen name, else their address. */
const ownerName = (owner: Pick<UserRow, 'name' | 'email'>) => chosenName(owner.name) ?? owner.email;

/**
 * A business owner (spec section 6): Pro of their own, and not a member of someone else's team.
 * A member's `plan` may come from their team; with `teamOwnerId` null it is all their own.
 */
export const isBusinessOwner = (user: Pick<UserRow, 'plan' | 'teamOwnerId'>) => user.teamOwnerId === null && user.plan >= PLAN_IDS.pro;

/**
 * Teams (decision 0033): a Pro owner invites people by address; they join with the mailed
 * /join link and have the owner's Pro while they are in the team (plan-service.ts works it
 * out from users.team_owner_id). Removal, leaving and the owner losing Pro take it back.
 */
export function createTeamService(options: {
  db: Database;
  config: Config;
  plans: PlanService;
  mailer: Mailer;
  logger: Logger;
  now?: () => Date;
}) {
  const { db, config, plans, mailer } = options;
  const now = options.now ?? (() => new Date());

  async function ownerOf(id: number): Promise<Owner | null> {
    const [row] = await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        avatarUrl: users.avatarUrl,
        plan: users.plan,
        teamOwnerId: users.teamOwnerId,
      })
      .from(users)
      .where(eq(users.id, id));
    return row ?? null;
  }

  async function membersOf(ownerId: number) {
    return db
      .select({ id: users.id, name: users.name, email: users.email, avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.teamOwnerId, ownerId))
      .orderBy(asc(users.id));
  }

  /** Invites not joined yet whose link still works: they hold a place in the team. */
  async function pendingCount(ownerId: number, exceptEmail?: string): Promise<number> {
    const rows = await db
      .select({ email: teamInvites.email })
      .from(teamInvites)
      .where(and(eq(teamInvites.ownerId, ownerId), isNull(teamInvites.acceptedAt), gt(teamInvites.expiresAt, now())));
    return rows.filter((row) => row.email !== exceptEmail).length;
  }

  async function memberCount(ownerId: number): Promise<number> {
    const [row] = await db.select({ value: count() }).from(users).where(eq(users.teamOwnerId, ownerId));
    return row?.value ?? 0;
  }

  /** Takes `memberId` out of `ownerId`'s team, forgets the invite they joined with, and works out their plan again. */
  async function release(ownerId: number, memberId: number): Promise<void> {
    await db.transaction(async (transaction) => {
      await transaction
        .update(users)
        .set({ teamOwnerId: null })
        .where(and(eq(users.id, memberId), eq(users.teamOwnerId, ownerId)));
      await transaction.delete(teamInvites).where(and(eq(teamInvites.ownerId, ownerId), eq(teamInvites.acceptedBy, memberId)));
    });
    await plans.recompute(memberId);
  }

  const memberWire = (member: { name: string; email: string; avatarUrl: string | null }) => ({
    name: chosenName(member.name),
    email: member.email,
    img: member.avatarUrl,
    status: 'member' as const,
    expires_at: null,
  });

  return {
    /**
     * GET /invite. An owner (or a person who could be one) sees their members and pending
     * invites; a member sees their owner's team, its members only (invites are the owner's).
     */
    async view(user: UserRow): Promise<InviteWire> {
      if (user.teamOwnerId !== null) {
        const owner = await ownerOf(user.teamOwnerId);
        if (owner) {
          const business = isBusinessOwner(owner);
          return {
            users: (await membersOf(owner.id)).map(memberWire),
            owner_name: ownerName(owner),
            owner_email: owner.email,
            owner_img: owner.avatarUrl,
            allowed_invites: business ? config.teamMaxMembers : 0,
            is_business: business,
            is_owner: false,
          };
        }
      }
      const business = isBusinessOwner(user);
      const invites = await db
        .select({ email: teamInvites.email, expiresAt: teamInvites.expiresAt })
        .from(teamInvites)
        .where(and(eq(teamInvites.ownerId, user.id), isNull(teamInvites.acceptedAt)))
        .orderBy(asc(teamInvites.createdAt), asc(teamInvites.id));
      return {
        users: [
          ...(await membersOf(user.id)).map(memberWire),
          ...invites.map((invite) => ({
            name: null,
            email: invite.email,
            img: null,
            status: 'invited' as const,
            expires_at: invite.expiresAt.toISOString(),
          })),
        ],
        owner_name: ownerName(user),
        owner_email: user.email,
        owner_img: user.avatarUrl,
        allowed_invites: business ? config.teamMaxMembers : 0,
        is_business: business,
        is_owner: true,
      };
    },

    /** POST /invite: a new invite mailed to `email`, or the same address invited again with a new link. */
    async invite(user: UserRow, email: string, hooks: { beforeMailing?: () => Promise<void> } = {}): Promise<{ ok: true; msg: string }> {
      if (user.teamOwnerId !== null) {
        const owner = await ownerOf(user.teamOwnerId);
        throw forbidden(TEAM_MESSAGES.memberCannotManage(owner ? ownerName(owner) : 'another'));
      }
      if (!isBusinessOwner(user)) throw forbidden(TEAM_MESSAGES.notBusiness);
      if (email === user.email) throw badRequest(TEAM_MESSAGES.yourself);
      const [member] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.teamOwnerId, user.id), eq(users.email, email)));
      if (member) throw conflict(TEAM_MESSAGES.alreadyMember);
      const taken = (await memberCount(user.id)) + (await pendingCount(user.id, email));
      if (taken >= config.teamMaxMembers) throw conflict(TEAM_MESSAGES.full(config.teamMaxMembers));
      // Only an invite that will be mailed counts against the address's daily mail (a rate limit).
      await hooks.beforeMailing?.();

      const code = randomId(32);
      const expiresAt = new Date(now().getTime() + TEAM_INVITE_DAYS * 24 * 3600_000);
      try {
        // Invited before (pending, expired, or joined by an account since deleted): the old link stops working.
        const [again] = await db
          .update(teamInvites)
          .set({ code, expiresAt, acceptedAt: null, acceptedBy: null, createdAt: now() })
          .where(and(eq(teamInvites.ownerId, user.id), eq(teamInvites.email, email)))
          .returning({ id: teamInvites.id });
        if (!again) await db.insert(teamInvites).values({ ownerId: user.id, email, code, expiresAt });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('That address was invited a moment ago: reload your team');
        throw error;
      }
      const joinPage = `${config.publicUrl}${JOIN_PAGE_PATH}${code}`;
      const mail = teamInviteMail({
        ownerName: ownerName(user),
        ownerEmail: user.email,
        joinUrl: joinPage,
        settingsUrl: `${config.publicUrl}/settings/notifications`,
        validDays: TEAM_INVITE_DAYS,
      });
      try {
        await mailer.send({ to: email, ...mail, link: joinPage });
      } catch (error) {
        options.logger.error(`A team invite mail could not be sent: ${error instanceof Error ? error.message : String(error)}`);
        throw new HttpError(502, 'The invite is saved, but its mail could not be sent: send it again in a while');
      }
      return { ok: true, msg: TEAM_MESSAGES.invited };
    },

    /**
     * DELETE /invite: the owner revokes an invite or removes a member; a member sending their
     * own address leaves the team. Either way the person is back on their own plan.
     */
    async remove(user: UserRow, email: string): Promise<{ ok: true; msg: string }> {
      if (user.teamOwnerId !== null) {
        const owner = await ownerOf(user.teamOwnerId);
        const name = owner ? ownerName(owner) : 'another';
        if (email !== user.email) throw forbidden(TEAM_MESSAGES.memberCannotManage(name));
        await release(user.teamOwnerId, user.id);
        return { ok: true, msg: `You left ${name}'s team: you are back on your own plan` };
      }
      if (email === user.email) throw badRequest(TEAM_MESSAGES.ownerCannotLeave);
      const [member] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.teamOwnerId, user.id), eq(users.email, email)));
      if (member) {
        await release(user.id, member.id);
        return { ok: true, msg: 'Removed from your team: they are back on their own plan, with all their messages' };
      }
      const revoked = await db
        .delete(teamInvites)
        .where(and(eq(teamInvites.ownerId, user.id), eq(teamInvites.email, email), isNull(teamInvites.acceptedAt)))
        .returning({ id: teamInvites.id });
      if (revoked.length === 0) throw notFound(TEAM_MESSAGES.notInTeam);
      return { ok: true, msg: 'Invite revoked: its link no longer works' };
    },

    /**
     * GET /join/:code: whose team the link is for and whether it can be used. The invited
     * address is never shown; `for_you` compares it with the signed-in account or `email`.
     */
    async lookup(code: string, viewer: UserRow | null, email: string | undefined): Promise<JoinInvite> {
      const [invite] = await db.select().from(teamInvites).where(eq(teamInvites.code, code));
      const owner = invite ? await ownerOf(invite.ownerId) : null;
      if (!invite || !owner) throw notFound(TEAM_MESSAGES.unknownCode);
      const state = invite.acceptedAt ? 'used' : invite.expiresAt <= now() ? 'expired' : isBusinessOwner(owner) ? 'open' : 'closed';
      const asked = viewer?.email ?? email;
      return {
        owner_name: ownerName(owner),
        owner_img: owner.avatarUrl,
        state,
        expires_at: invite.expiresAt.toISOString(),
        for_you: asked === undefined ? null : asked === invite.email,
      };
    },

    /** The address an invite can still be accepted for (before an account is made for it), or the refusal accept would give. */
    async openInviteEmail(code: string): Promise<string> {
      const [invite] = await db.select().from(teamInvites).where(eq(teamInvites.code, code));
      const owner = invite ? await ownerOf(invite.ownerId) : null;
      if (!invite || !owner) throw notFound(TEAM_MESSAGES.unknownCode);
      if (invite.acceptedAt) throw gone(TEAM_MESSAGES.used);
      if (invite.expiresAt <= now()) throw gone(TEAM_MESSAGES.expired(ownerName(owner)));
      if (!isBusinessOwner(owner)) throw conflict(TEAM_MESSAGES.closed(ownerName(owner)));
      return invite.email;
    },

    /** POST /join/:code: the signed-in account, the one the invite was sent to, joins the team. */
    async accept(user: UserRow, code: string): Promise<JoinResult> {
      const [invite] = await db.select().from(teamInvites).where(eq(teamInvites.code, code));
      const owner = invite ? await ownerOf(invite.ownerId) : null;
      if (!invite || !owner) throw notFound(TEAM_MESSAGES.unknownCode);
      const name = ownerName(owner);
      if (user.teamOwnerId === owner.id) throw conflict(TEAM_MESSAGES.alreadyInThisTeam(name));
      if (invite.acceptedAt) throw gone(TEAM_MESSAGES.used);
      if (invite.expiresAt <= now()) throw gone(TEAM_MESSAGES.expired(name));
      if (invite.email !== user.email) throw forbidden(TEAM_MESSAGES.otherAddress(name));
      if (!isBusinessOwner(owner)) throw conflict(TEAM_MESSAGES.closed(name));
      if (user.teamOwnerId !== null) {
        const current = await ownerOf(user.teamOwnerId);
        throw conflict(TEAM_MESSAGES.inAnotherTeam(current ? ownerName(current) : 'another person'));
      }
      if ((await memberCount(user.id)) + (await pendingCount(user.id)) > 0) throw conflict(TEAM_MESSAGES.ownTeam);

      const joined = await db.transaction(async (transaction) => {
        const [taken] = await transaction
          .update(teamInvites)
          .set({ acceptedBy: user.id, acceptedAt: now() })
          .where(and(eq(teamInvites.id, invite.id), isNull(teamInvites.acceptedAt)))
          .returning({ id: teamInvites.id });
        if (!taken) return false;
        const [moved] = await transaction
          .update(users)
          .set({ teamOwnerId: owner.id })
          .where(and(eq(users.id, user.id), isNull(users.teamOwnerId)))
          .returning({ id: users.id });
        // Joined another team a moment ago: the invite stays unused (the transaction is undone).
        if (!moved) throw conflict(TEAM_MESSAGES.inAnotherTeam('another person'));
        return true;
      });
      if (!joined) throw gone(TEAM_MESSAGES.used);
      await plans.recompute(user.id);
      const after = await ownerOf(user.id);
      return { ok: true, msg: `You joined ${name}'s team`, owner_name: name, plan: after?.plan ?? user.plan };
    },

    /**
     * Before an account is deleted: the invites it joined with go (they hold its address), and
     * the ids of its own members are answered, whose plans are worked out once it is gone.
     */
    async beforeAccountRemoval(userId: number): Promise<number[]> {
      await db.delete(teamInvites).where(and(isNotNull(teamInvites.acceptedBy), eq(teamInvites.acceptedBy, userId)));
      return (await membersOf(userId)).map((member) => member.id);
    },

    /** After the account is deleted: its former members' plans (their owner's Pro is gone). */
    async afterAccountRemoval(formerMembers: number[]): Promise<void> {
      for (const memberId of formerMembers) await plans.recompute(memberId);
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
