import type { UserRow } from '../accounts/account-service.ts';
import { isBusinessOwner } from './team-service.ts';

/**
 * The team a person is in, named by its owner's id: a member's team owner, else the person
 * themself (an owner's team is theirs; someone in no team is a team of one). Two people share a
 * team when these are equal, which is what a team-only message asks of its listener.
 */
export const teamOf = (user: Pick<UserRow, 'id' | 'teamOwnerId'>): number => user.teamOwnerId ?? user.id;

/** Whether the person has a team to keep a message to: a member of one, or a Pro business owner. */
export const hasTeam = (user: Pick<UserRow, 'plan' | 'teamOwnerId'>): boolean => user.teamOwnerId !== null || isBusinessOwner(user);
