import { and, count, eq, lt, min, ne } from 'drizzle-orm';
import { recordingIdSchema, uploadContextSchema, type Platform, type VisitorTarget } from '@vocal/settings-model';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import { recordings } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { badRequest, describeZodError, forbidden, notFound, tooManyRequests, unauthorized } from '../http/http-error.ts';
import { SIGN_IN_FIRST } from '../http/require-user.ts';
import { cleanText } from '../http/text-safety.ts';
import type { AccountService, UserRow } from '../accounts/account-service.ts';
import { addressConfirmed, NOT_OPEN_YET } from '../accounts/email-confirmation.ts';
import { newRecordingId } from '../common/ids.ts';
import { monthlyMessageAllowance } from '../billing/plans.ts';
import type { StorageQuota } from './storage-quota.ts';
import type { RecordingRow } from './recording-view.ts';

export const REPLIES_TURNED_OFF = 'Replies are turned off for this voice message';

/** Reservations a user may hold that have not become messages yet. */
const MAX_OPEN_RESERVATIONS = 50;
/** A reservation never uploaded is forgotten after this long. */
const RESERVATION_LIFETIME_MS = 30 * 86_400_000;
/**
 * Visitors' reservations are counted apart from the owner's, so visitors can never use up
 * the owner's own, and per visitor address, so no stranger can use up everyone else's: the
 * recorder reserves just before it uploads, so a visitor seldom holds more than one. One
 * never uploaded is forgotten after an hour (a spooled upload then reserves again).
 */
const MAX_OPEN_VISITOR_RESERVATIONS_PER_ADDRESS = 5;
const VISITOR_RESERVATION_LIFETIME_MS = 3_600_000;
type UploadContextInput = z.output<typeof uploadContextSchema>;

/** Whose reservation an upload fills, and whether a visitor's rules apply to it. */
export type UploadTarget = {
  row: RecordingRow;
  context: UploadContextInput;
  owner: UserRow;
  visitor: boolean;
  /** Into a visitor's reservation, the signed-in person who sent it (not its owner): an answer can reach them. */
  sender?: UserRow | null;
};

function readContextJson(text: string | undefined): unknown {
  if (typeof text !== 'string') throw badRequest('context: a JSON field is required');
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('context: is not valid JSON');
  }
}

function parseUploadContext(text: string | undefined): UploadContextInput {
  const parsed = uploadContextSchema.safeParse(cleanText(readContextJson(text), 'context'));
  if (!parsed.success) throw badRequest(describeZodError(parsed.error, 'context'));
  return parsed.data;
}

/** The reservation id an upload names, read leniently: null when there is none to read. */
function contextId(text: string | undefined): string | null {
  try {
    const value = readContextJson(text);
    const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
    return recordingIdSchema.safeParse(id).success ? (id as string) : null;
  } catch {
    return null;
  }
}

/**
 * The ids that uploads turn into messages: reserving one (the owner's, within the plan's monthly
 * allowance; a visitor's, in the account of whoever they answer or write to), and finding, before
 * an upload's body is read, whose reservation it fills and whether there is room for it.
 */
export function createReservations(options: {
  db: Database;
  config: Config;
  accounts: AccountService;
  storageQuota: StorageQuota;
  /** The keyed hash a visitor's address is counted under. */
  visitorKeyOf(clientAddress: string): Promise<string>;
  publicRow(id: string): Promise<{ row: RecordingRow; owner: UserRow }>;
  repliesAllowed(ownerId: number): Promise<boolean>;
  now: () => Date;
}) {
  const { db, config, accounts, visitorKeyOf, publicRow, repliesAllowed, now } = options;

  /** GET get-vocal: reserves an id that one upload will turn into a message. */
  /** `conversation`: where in a host it is recorded, so its replies are shown back there. */
  async function reserve(user: UserRow, platform: Platform, conversation: string | null = null) {
    const allowance = monthlyMessageAllowance(user, config);
    if (allowance !== null) {
      const sent = await accounts.messagesThisMonth(user.id);
      if (sent >= allowance) {
        throw forbidden(`You have sent the ${allowance} messages of the Free plan this month. Upgrade to Pro for unlimited messages.`);
      }
    }
    await db
      .delete(recordings)
      .where(
        and(
          eq(recordings.userId, user.id),
          eq(recordings.status, 'reserved'),
          eq(recordings.origin, 'owner'),
          lt(recordings.createdAt, new Date(now().getTime() - RESERVATION_LIFETIME_MS)),
        ),
      );
    const [open] = await db
      .select({ value: count() })
      .from(recordings)
      .where(and(eq(recordings.userId, user.id), eq(recordings.status, 'reserved'), eq(recordings.origin, 'owner')));
    if ((open?.value ?? 0) >= MAX_OPEN_RESERVATIONS) {
      throw tooManyRequests('Too many recordings are waiting to be uploaded. Upload or discard them first.', 60);
    }
    const id = newRecordingId();
    await db.insert(recordings).values({ id, userId: user.id, platform, origin: 'owner', conversationKey: conversation });
    return { id };
  }

  /**
   * GET get-vocal-free: reserves an id for a visitor, in the account of whoever the target
   * belongs to: a reply to a message, a contact-form message or a collected message.
   */
  async function reserveForVisitor(target: VisitorTarget, platform: Platform, clientAddress: string) {
    let owner: UserRow;
    let replyToId: string | null = null;
    if (target.kind === 'reply') {
      const found = await publicRow(target.recordingId);
      if (!(await repliesAllowed(found.owner.id))) throw forbidden(REPLIES_TURNED_OFF);
      owner = found.owner;
      replyToId = found.row.id;
    } else {
      const found = await accounts.findByInviteCode(target.code);
      if (!found) throw notFound(target.kind === 'form' ? 'This contact form does not exist' : 'This collection does not exist');
      if (!addressConfirmed(found, config)) throw forbidden(NOT_OPEN_YET[target.kind === 'form' ? 'form' : 'collect']);
      owner = found;
    }
    const origin = target.kind === 'reply' ? 'reply' : target.kind === 'form' ? 'contact-form' : 'collect';
    const visitorReservations = and(eq(recordings.userId, owner.id), eq(recordings.status, 'reserved'), ne(recordings.origin, 'owner'));
    await db
      .delete(recordings)
      .where(and(visitorReservations, lt(recordings.createdAt, new Date(now().getTime() - VISITOR_RESERVATION_LIFETIME_MS))));
    const visitor = await visitorKeyOf(clientAddress);
    const [open] = await db
      .select({ value: count(), oldest: min(recordings.createdAt) })
      .from(recordings)
      .where(and(visitorReservations, eq(recordings.visitorAddress, visitor)));
    if ((open?.value ?? 0) >= MAX_OPEN_VISITOR_RESERVATIONS_PER_ADDRESS) {
      const oldest = open?.oldest ? new Date(open.oldest).getTime() : now().getTime();
      const wait = Math.max(1, Math.ceil((oldest + VISITOR_RESERVATION_LIFETIME_MS - now().getTime()) / 1000));
      throw tooManyRequests(`You have too many recordings waiting to be sent here. Try again in ${wait} seconds.`, wait);
    }
    const id = newRecordingId();
    await db
      .insert(recordings)
      .values({ id, userId: owner.id, platform, origin, isReply: origin === 'reply', replyToId, visitorAddress: visitor });
    return { id };
  }

  /**
   * Which reservation a POST upload-vocal fills. The owner's own reservations need the
   * owner's token; a visitor's (reply, contact form, collect) need none. Without a token,
   * anything that is not a visitor's reservation is refused as unauthenticated, so nothing
   * about it is revealed.
   */
  async function uploadTarget(user: UserRow | null, contextText: string | undefined, expectedId?: string): Promise<UploadTarget> {
    if (!user && !expectedId) {
      const id = contextId(contextText);
      const [row] = id ? await db.select().from(recordings).where(eq(recordings.id, id)) : [];
      if (!row || row.origin === 'owner') throw unauthorized(SIGN_IN_FIRST);
    }
    const context = parseUploadContext(contextText);
    if (expectedId && context.id !== expectedId) throw badRequest('context.id: is not the id in the address the upload was sent to');
    return { ...(await reservationFor(user, context.id)), context };
  }

  /**
   * The reservation an upload fills, from its id alone, so the caller is known to be allowed
   * before the body is read: a visitor's reservation needs no token, an owner's needs the
   * owner's (401 without one, 404 for anyone else).
   */
  async function reservationFor(user: UserRow | null, id: string): Promise<Omit<UploadTarget, 'context'>> {
    const [row] = recordingIdSchema.safeParse(id).success ? await db.select().from(recordings).where(eq(recordings.id, id)) : [];
    if (row?.status === 'deleted') throw notFound('Recording not found');
    if (row && row.origin !== 'owner') {
      const owner = await accounts.findById(row.userId);
      if (owner) return { row, owner, visitor: true, sender: user && user.id !== owner.id ? user : null };
    }
    if (!user) throw unauthorized(SIGN_IN_FIRST);
    // Someone else's recording is "not found" too: its existence is not ours to reveal.
    if (!row || row.userId !== user.id) throw notFound('Recording not found');
    return { row, owner: user, visitor: false };
  }

  /** Whose limits a reservation's audio is held to (lengthRefusal), or null when there is no such reservation. */
  async function reservationRules(id: string): Promise<{ owner: UserRow; visitor: boolean; status: RecordingRow['status'] } | null> {
    const [row] = recordingIdSchema.safeParse(id).success ? await db.select().from(recordings).where(eq(recordings.id, id)) : [];
    const owner = row ? await accounts.findById(row.userId) : null;
    return row && owner ? { owner, visitor: row.origin !== 'owner', status: row.status } : null;
  }

  /**
   * Refuses at once, before the body is read, an upload into an account with no room left,
   * or from a visitor who has sent their day's share to it.
   */
  async function assertUploadRoom(target: Omit<UploadTarget, 'context'>, clientAddress: string): Promise<void> {
    if (target.row.status === 'uploaded') return;
    await options.storageQuota.assertRoom(
      target.owner,
      target.visitor ? { kind: 'visitor', address: await visitorKeyOf(clientAddress) } : { kind: 'owner' },
      0,
    );
  }

  return { reserve, reserveForVisitor, uploadTarget, reservationFor, reservationRules, assertUploadRoom };
}
