import { z } from 'zod';
import { emailSchema } from './validation.ts';

const memberWire = z.object({
  name: z.string().nullable().default(null),
  email: z.string(),
  img: z.string().nullable().default(null),
});

export const teamMemberSchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
  img: z.string().nullable(),
  isOwner: z.boolean(),
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
    const members: TeamMember[] = wire.users.map((user) => ({ ...user, isOwner: false }));
    if (wire.owner_email) {
      members.unshift({
        name: wire.owner_name,
        email: wire.owner_email,
        img: wire.owner_img,
        isOwner: true,
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
