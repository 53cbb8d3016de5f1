import {
  inviteRequestSchema,
  inviteSchema,
  inviteSignUpSchema,
  joinInviteQuerySchema,
  joinInviteSchema,
  joinResultSchema,
} from '@vocal/settings-model';
import { TAGS, type RouteDescription } from './route-description.ts';

const JOIN_CODE = 'The invite code of a /join link (32 URL-safe characters).';
const DONE = { description: 'Done: `{ok, msg}`, the message saying what changed', json: 'OkWithMessage' } as const;

/** Teams (decision 0033): GET, POST and DELETE /invite, and the calls of the /join/:code page. */
export const TEAM_ROUTE_DESCRIPTIONS: Record<string, RouteDescription> = {
  'GET /api/invite': {
    tag: TAGS.teams,
    summary: 'My team: its owner, members and pending invites, and how many places it has',
    description:
      'An owner (or a person who could be one: is_owner true) sees their members and pending invites (status `invited`, with `expires_at`); a member sees the team they are in, its members only, with is_owner false. is_business says whether the owner has Pro of their own; allowed_invites is TEAM_MAX_MEMBERS then, 0 otherwise.',
    security: 'bearer',
    answers: { 200: { description: 'The team', json: inviteSchema } },
  },
  'POST /api/invite': {
    tag: TAGS.teams,
    summary: 'Invite an address to my team: a mail with a /join link that works for 14 days',
    description: 'Inviting an address that was invited before sends a new link; the old one stops working.',
    security: 'bearer',
    body: { json: inviteRequestSchema },
    answers: { 200: DONE },
    refusals: {
      400: 'The address is your own',
      403: 'No Pro of your own, or you are a member of another team',
      409: 'The address is already a member, or the team is full (members and pending invites count)',
      502: 'The invite is saved but its mail could not be sent',
    },
  },
  'DELETE /api/invite': {
    tag: TAGS.teams,
    summary: 'Revoke an invite or remove a member; a member sending their own address leaves the team',
    security: 'bearer',
    body: { json: inviteRequestSchema },
    answers: { 200: DONE },
    refusals: {
      400: 'An owner sent their own address',
      403: 'A member sent an address other than their own',
      404: 'No member or pending invite of your team has that address',
    },
  },
  'GET /api/join/:code': {
    tag: TAGS.teams,
    summary: 'Whose team a /join link is for, and whether it can still be used',
    description:
      'Anyone holding the link may ask; the invited address is never shown. `for_you` compares it with the signed-in account, or with `email` when asked, so the page can tell before an account is made.',
    security: 'optional-bearer',
    pathParameters: { code: JOIN_CODE },
    query: joinInviteQuerySchema,
    answers: { 200: { description: 'The invite', json: joinInviteSchema } },
    refusals: { 404: 'No invite has this code (revoked, replaced or mistyped)' },
  },
  'POST /api/join/:code/signup': {
    tag: TAGS.teams,
    summary: 'Create an account for the invited address and join the team: the /join page for a new person',
    description:
      'The mailed code stands for the invited mailbox, as a reset link does, so the account gets that address. SIGNUP=invite lets it through; only SIGNUP=closed refuses. Counted against the sign-in rate of the client address.',
    security: 'none',
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
  },
  'POST /api/join/:code': {
    tag: TAGS.teams,
    summary: 'Join the team of a /join link: the signed-in account must have the invited address',
    security: 'bearer',
    pathParameters: { code: JOIN_CODE },
    answers: { 200: { description: 'Joined; `plan` is the account’s plan now', json: joinResultSchema } },
    refusals: {
      403: 'The invite was sent to another address',
      404: 'No invite has this code',
      409: 'Already in this or another team, owning a team with people in it, or the owner no longer has Pro',
      410: 'The invite has expired or was already used',
    },
  },
};
