import { z } from 'zod';
import { displayNameSchema } from './api/sign-in.ts';
import { newPasswordSchema } from './tokens.ts';
import { emailSchema } from './validation.ts';

/** A member of the team, or an address invited and not joined yet (decision 0033). */
export const TEAM_MEMBER_STATUSES = ['member', 'invited'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

const memberWire = z.object({
  name: z.string().nullable().default(null),
  email: z.string(),
  img: z.string().nullable().default(null),
  /** Older servers list members only. */
  status: z.enum(TEAM_MEMBER_STATUSES).default('member'),
  /** When a pending invite's link stops working (ISO 8601); null for a member. */
  expires_at: z.string().nullable().default(null),
});

export const teamMemberSchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
  img: z.string().nullable(),
  isOwner: z.boolean(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  expiresAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/**
 * GET /invite. The wire names (allowed_invites, is_business, is_owner, owner_*) map to the
 * team the client shows; the owner is added to the member list, first.
 */
export const inviteSchema = z
  .object({
    users: z.array(memberWire).default([]),
    owner_name: z.string().nullable().default(null),
    owner_email: z.string().nullable().default(null),
    owner_img: z.string().nullable().default(null),
    allowed_invites: z.number().int().nonnegative().default(0),
    is_business: z.boolean().default(false),
    is_owner: z.boolean().default(false),
  })
  .transform((wire) => {
    const members: TeamMember[] = wire.users.map(({ expires_at, ...user }) => ({ ...user, expiresAt: expires_at, isOwner: false }));
    if (wire.owner_email) {
      members.unshift({
        name: wire.owner_name,
        email: wire.owner_email,
        img: wire.owner_img,
        isOwner: true,
        status: 'member',
        expiresAt: null,
      });
    }
    return {
      members,
      maxMembers: wire.allowed_invites,
      isBusiness: wire.is_business,
      isOwner: wire.is_owner,
    };
  });
export type Team = z.output<typeof inviteSchema>;
export type InviteWire = z.input<typeof inviteSchema>;

/** POST and DELETE /invite. */
export const inviteRequestSchema = z.object({ email: emailSchema });
export type InviteRequest = z.input<typeof inviteRequestSchema>;

/** Inviting requires both: the owner of a business account (spec section 6). */
export function canInvite(team: Pick<Team, 'isOwner' | 'isBusiness'>): boolean {
  return team.isOwner && team.isBusiness;
}

/** The places a team takes: members and pending invites, the owner not counted. */
export function seatsUsed(team: Pick<Team, 'members'>): number {
  return team.members.filter((member) => !member.isOwner).length;
}

/** An invite code of a /join link: 32 URL-safe characters. */
export const teamInviteCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, { error: 'is not an invite code' });

/**
 * What a join link's invite is now: `open` to accept, `expired` (ask for a new one), `used`
 * (someone joined with it), `closed` (the owner can no longer have a team).
 */
export const JOIN_STATES = ['open', 'expired', 'used', 'closed'] as const;
export type JoinState = (typeof JOIN_STATES)[number];

/**
 * GET /join/:code: what the join page shows anyone holding the link. It names the owner and
 * never the invited address; `for_you` says whether the signed-in account (or the `email`
 * asked about) is the one invited, null when neither was given.
 */
export const joinInviteSchema = z.object({
  owner_name: z.string(),
  owner_img: z.string().nullable(),
  state: z.enum(JOIN_STATES),
  expires_at: z.string(),
  for_you: z.boolean().nullable(),
});
export type JoinInvite = z.infer<typeof joinInviteSchema>;

export const joinInviteQuerySchema = z.object({ email: emailSchema.optional() });

/** POST /join/:code: the signed-in account is now in the owner's team. */
export const joinResultSchema = z.object({ ok: z.literal(true), msg: z.string(), owner_name: z.string(), plan: z.number().int() });
export type JoinResult = z.infer<typeof joinResultSchema>;

/**
 * POST /join/:code/signup: a new account for the address the invite was sent to (the mailed
 * code stands for that mailbox, as a reset link does), joined to the team; answers the tokens.
 */
export const inviteSignUpSchema = z.object({ name: displayNameSchema, password: newPasswordSchema });
export type InviteSignUp = z.input<typeof inviteSignUpSchema>;
