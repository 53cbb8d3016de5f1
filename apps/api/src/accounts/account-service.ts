import { randomBytes } from 'node:crypto';
import { and, count, eq, gte, isNotNull, isNull, or } from 'drizzle-orm';
import {
  DEFAULT_NAMES,
  SHARE_PATH,
  SIGN_IN_FAILED,
  noAccountYet,
  toPublicUser,
  userSchema,
  type AccountUpdate,
  type PublicUser,
  type User,
} from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { comments, feedback, images, recordings, sessions, subscriptions, users } from '../db/schema.ts';
import { previewCardKeys } from '../media/preview-card-keys.ts';
import { deleteJobsOfAccount } from './account-jobs.ts';
import type { Config } from '../env.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/http-error.ts';
import type { Storage } from '../storage/storage.ts';
import { fileKeysOf } from '../recordings/audio-service.ts';
import type { DeletionService } from '../recordings/deletion-service.ts';
import { newInviteCode } from '../common/ids.ts';
import { removeReplacedAvatar } from './replaced-avatar.ts';
import { storedImageKey } from './stored-images.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { signupClosedMessage } from './signup-policy.ts';
import { isPro, monthlyMessageAllowance, monthStart } from '../billing/plans.ts';
import { claimFields } from '../site/custom-domain-service.ts';
import { INTERNAL_NAME_REFUSAL, isInternalName } from '../site/domain-check.ts';
import { addressConfirmed } from './email-confirmation.ts';
import type { TokenService } from './token-service.ts';
import type { PlanService } from '../billing/plan-service.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * The name a person chose, as others see it: null while it is still the default "You" (the
 * owner's own word for themselves), so each surface can say "Someone" or leave it out.
 */
export function chosenName(name: string): string | null {
  const trimmed = name.trim();
  return trimmed && trimmed !== DEFAULT_NAMES.you ? trimmed : null;
}

export const INVITED_ADDRESS_HAS_ACCOUNT = 'The address this invite was sent to has an account already: sign in to join';

export const FOREIGN_AVATAR = 'avatarUrl: must be a picture you uploaded to this server (POST /image)';

/**
 * Avatars are shown in mail, where WebP is not (Outlook on Windows), and on link-preview cards,
 * whose renderer reads no WebP: only a picture stored as PNG, which POST /image makes of one sent
 * with kind avatar, may be one (docs/decisions/0062-uploaded-images-as-webp.md).
 */
export const AVATAR_NOT_PNG = 'avatarUrl: must be a picture uploaded as an avatar (POST /image with kind avatar), which is kept as PNG';

export function createAccountService(options: {
  db: Database;
  config: Config;
  storage: Storage;
  tokens: TokenService;
  deletion: DeletionService;
  /** Works out a plan again when a time-bound grant behind it (a coupon's days) has ended. */
  plans: Pick<PlanService, 'reviewIfDue'>;
  now?: () => Date;
}) {
  const { db, config, tokens } = options;
  const now = options.now ?? (() => new Date());
  /** A hash of a throwaway password, checked when an email has no account (see passwordMatches). */
  let standInHash: Promise<string> | null = null;

  /** SIGNUP: only `open` lets a new address make itself an account (the admin command always may). */
  function assertSignupOpen(): void {
    if (config.signup.policy !== 'open') throw forbidden(signupClosedMessage(config.signup));
  }

  async function messagesThisMonth(userId: number): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(recordings)
      .where(
        and(
          eq(recordings.userId, userId),
          eq(recordings.status, 'uploaded'),
          eq(recordings.origin, 'owner'),
          // A written answer (decision 0065) is no recording: the Free plan counts voice messages.
          // Written is what recording-service's isWritten says: no audio and words instead.
          or(isNotNull(recordings.audioKey), isNull(recordings.message)),
          gte(recordings.uploadDate, monthStart(now())),
        ),
      );
    return row?.value ?? 0;
  }

  /** The trial is offered while billing is on, to a Free person who never had a subscription. */
  async function trialOffered(row: UserRow): Promise<boolean> {
    if (!config.billing || config.trialDays <= 0 || isPro(row)) return false;
    const [earlier] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, row.id)).limit(1);
    return earlier === undefined;
  }

  async function toUser(row: UserRow): Promise<User> {
    const max = monthlyMessageAllowance(row, config);
    const sent = await messagesThisMonth(row.id);
    return userSchema.parse({
      id: row.id,
      email: row.email,
      emailConfirmed: addressConfirmed(row, config),
      name: row.name,
      avatarUrl: row.avatarUrl,
      plan: row.plan,
      subscribed: row.subscribed,
      subscribedStrict: row.subscribedStrict,
      domain: row.domain,
      inviteCode: row.inviteCode,
      inviteLink: `${config.publicUrl}${SHARE_PATH}${row.inviteCode}`,
      stripeId: row.stripeId,
      subscriptionMessage: row.subscriptionMessage,
      messages: {
        showTrial: await trialOffered(row),
        // Free and this month's messages used up: the record flow and /upgrade say so.
        showPaywall: max !== null && sent >= max,
        max,
        count: sent,
      },
    });
  }

  /**
   * A coupon's days (or a team owner's) may have run out since the last sweep: whoever loads the
   * account sees its plan as it is now, not as the sweep will leave it.
   */
  async function asItIsNow(row: UserRow): Promise<UserRow | null> {
    if (!(await options.plans.reviewIfDue(row))) return row;
    const [reviewed] = await db.select().from(users).where(eq(users.id, row.id));
    return reviewed ?? null;
  }

  async function findById(userId: number): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    return row ? asItIsNow(row) : null;
  }

  /**
   * The account an access token speaks for: null when the account is gone or the token's session
   * was signed out. One query for both, as every signed-in request asks it.
   */
  async function findInSession(userId: number, sessionId: string): Promise<UserRow | null> {
    const [found] = await db
      .select({ user: users, revokedAt: sessions.revokedAt })
      .from(users)
      .innerJoin(sessions, and(eq(sessions.id, sessionId), eq(sessions.userId, users.id)))
      .where(eq(users.id, userId));
    return found && !found.revokedAt ? asItIsNow(found.user) : null;
  }

  /** Whether `url` is a picture this user uploaded here (see storedImageKey for why only those). */
  async function ownsStoredImage(userId: number, url: string): Promise<boolean> {
    const key = storedImageKey(options.storage, url);
    if (!key) return false;
    const [row] = await db
      .select({ key: images.key })
      .from(images)
      .where(and(eq(images.key, key), eq(images.userId, userId)));
    return row !== undefined;
  }

  /** The owner of a share code (the public contact form and collect pages name users by it). */
  async function findByInviteCode(code: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.inviteCode, code));
    return row ?? null;
  }

  /** `addressProven`: an identity provider vouched for the address (else a link mailed to it must). */
  async function create(email: string, password: string, name = '', addressProven = false): Promise<UserRow> {
    const passwordHash = await hashPassword(password, config.scryptCost);
    // DEFAULT_PLAN: given as the administrator's grant, so a later subscription or coupon adds to it.
    const plan = config.defaultPlan;
    const [row] = await db
      .insert(users)
      .values({
        email,
        passwordHash,
        name,
        inviteCode: newInviteCode(),
        plan,
        adminPlan: plan,
        subscribed: plan > 0,
        emailConfirmedAt: addressProven ? new Date() : null,
      })
      .returning();
    if (!row) throw new Error('The account could not be created');
    return row;
  }

  async function findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return row ?? null;
  }

  /**
   * Checks a password against the account of `email`, taking as long for an unknown email as
   * for a known one (a hash of a throwaway password is checked instead), so neither the answer
   * nor its timing tells whether the address has an account.
   */
  async function passwordMatches(row: UserRow | null, password: string): Promise<boolean> {
    standInHash ??= hashPassword(randomBytes(16).toString('base64url'), config.scryptCost);
    const matches = await verifyPassword(password, row?.passwordHash ?? (await standInHash));
    return row !== null && matches;
  }

  /**
   * Signs in to an account that exists. An unknown address is a 404 of its own: signing up
   * tells anyone whether an address has an account anyway (docs/decisions/0003, 0055), and a
   * new person deserves "No account for x yet" rather than an error.
   */
  async function signInExisting(row: UserRow | null, password: string, userAgent: string | null, email: string) {
    const matches = await passwordMatches(row, password);
    if (!row) throw notFound(noAccountYet(email));
    if (!matches) throw unauthorized(SIGN_IN_FAILED);
    return { tokens: await tokens.issue(row.id, userAgent), created: false, userId: row.id };
  }

  return {
    findById,
    findInSession,
    findByInviteCode,
    ownsStoredImage,
    toUser,
    messagesThisMonth,

    /**
     * POST /auth: signs in, or creates the account when the email is new (spec: the
     * credentials payload is ours to define).
     */
    async signInOrSignUp(email: string, password: string, userAgent: string | null) {
      let [row] = await db.select().from(users).where(eq(users.email, email));
      let created = false;
      if (!row) {
        assertSignupOpen();
        assertAcceptablePassword(password);
        try {
          row = await create(email, password);
          created = true;
        } catch (error) {
          // Two first sign-ins with one address at once: the loser signs in instead.
          if (!isUniqueViolation(error)) throw error;
          [row] = await db.select().from(users).where(eq(users.email, email));
        }
      }
      if (!row) throw new Error('The account vanished while signing in');
      if (!created && !(await verifyPassword(password, row.passwordHash))) {
        throw unauthorized('Wrong password for this email address');
      }
      return { tokens: await tokens.issue(row.id, userAgent), created, userId: row.id };
    },

    /**
     * POST /microsoft-auth: the account of an address an identity provider has verified,
     * created on first use under SIGNUP's rules with the provider's display name. A created
     * account's password is random and known to no one; "Forgot password" sets one.
     */
    async signInVerified(email: string, name: string | null, userAgent: string | null) {
      let row = await findByEmail(email);
      let created = false;
      if (!row) {
        assertSignupOpen();
        try {
          row = await create(email, randomBytes(32).toString('base64url'), name ?? '', true);
          created = true;
        } catch (error) {
          // Two first sign-ins with one address at once: the loser signs in instead.
          if (!isUniqueViolation(error)) throw error;
          row = await findByEmail(email);
        }
      }
      if (!row) throw new Error('The account vanished while signing in');
      // The provider vouches for the address: one made with a password and never confirmed is now.
      if (!row.emailConfirmedAt) {
        await db
          .update(users)
          .set({ emailConfirmedAt: new Date() })
          .where(and(eq(users.id, row.id), isNull(users.emailConfirmedAt)));
      }
      return { tokens: await tokens.issue(row.id, userAgent), created, userId: row.id };
    },

    /** POST /signin: never creates; an unknown email and a wrong password get the same 401. */
    async signIn(email: string, password: string, userAgent: string | null) {
      return signInExisting(await findByEmail(email), password, userAgent, email);
    },

    /**
     * POST /signup: creates the account with its display name. An address that already has
     * an account reveals no more than sign-in does: its own password signs in, any other gets
     * sign-in's 401.
     */
    async signUp(request: { email: string; password: string; name: string }, userAgent: string | null) {
      assertSignupOpen();
      const existing = await findByEmail(request.email);
      if (existing) return signInExisting(existing, request.password, userAgent, request.email);
      assertAcceptablePassword(request.password);
      try {
        const row = await create(request.email, request.password, request.name);
        return { tokens: await tokens.issue(row.id, userAgent), created: true, userId: row.id };
      } catch (error) {
        // The same address signed up twice at once: the second is a sign-in.
        if (!isUniqueViolation(error)) throw error;
        return signInExisting(await findByEmail(request.email), request.password, userAgent, request.email);
      }
    },

    /**
     * A new account for an address a team invite was mailed to (POST /join/:code/signup): the
     * invite is the door SIGNUP=invite leaves open (signup-policy.ts); only `closed` shuts it.
     */
    async signUpInvited(request: { email: string; password: string; name: string }, userAgent: string | null) {
      if (config.signup.policy === 'closed') throw forbidden(signupClosedMessage(config.signup));
      if (await findByEmail(request.email)) throw conflict(INVITED_ADDRESS_HAS_ACCOUNT);
      assertAcceptablePassword(request.password);
      try {
        // The invite's code went only to this address, in the invite mail: opening it proves it.
        const row = await create(request.email, request.password, request.name, true);
        return { tokens: await tokens.issue(row.id, userAgent), created: true, userId: row.id };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(INVITED_ADDRESS_HAS_ACCOUNT);
        throw error;
      }
    },

    /**
     * The fields that change at once; the email address changes through EmailChangeService.
     * The name and avatar kept here are the only ones: personalisation's `user` reads and
     * writes them through this service, so every surface shows the same person.
     */
    async update(userId: number, update: Omit<AccountUpdate, 'email' | 'currentPassword'>): Promise<User> {
      const changes: Partial<typeof users.$inferInsert> = {};
      if (update.name !== undefined) changes.name = update.name ?? '';
      let replacedAvatar: string | null = null;
      if (update.avatarUrl !== undefined) {
        if (update.avatarUrl !== null && !(await ownsStoredImage(userId, update.avatarUrl))) throw badRequest(FOREIGN_AVATAR);
        if (update.avatarUrl !== null && !storedImageKey(options.storage, update.avatarUrl)?.endsWith('.png')) {
          throw badRequest(AVATAR_NOT_PNG);
        }
        changes.avatarUrl = update.avatarUrl;
        const before = (await findById(userId))?.avatarUrl ?? null;
        if (before !== update.avatarUrl) replacedAvatar = before;
      }
      if (update.domain !== undefined) {
        const current = await findById(userId);
        if (!current) throw notFound('Account not found');
        if (update.domain !== null) {
          if (!isPro(current)) throw forbidden('A custom domain is a Pro feature. Upgrade to use your own domain.');
          if (update.domain === new URL(config.publicUrl).hostname) {
            throw badRequest("domain: is this server's own host; leave it empty to use it");
          }
          if (isInternalName(update.domain)) throw badRequest(INTERNAL_NAME_REFUSAL);
        }
        // A claim, held only once DNS proves it (custom-domain-service.ts): saving never waits on
        // another account's claim, so a squatter cannot block the domain's real owner.
        if ((current.domain ?? null) !== update.domain) Object.assign(changes, claimFields(update.domain, new Date()));
      }
      if (Object.keys(changes).length > 0) {
        try {
          await db.update(users).set(changes).where(eq(users.id, userId));
        } catch (error) {
          // The check above cannot see another account claiming the same domain at this moment.
          if (isUniqueViolation(error)) throw conflict('That email address is already in use');
          throw error;
        }
      }
      await removeReplacedAvatar(options, userId, replacedAvatar);
      const row = await findById(userId);
      if (!row) throw notFound('Account not found');
      return toUser(row);
    },

    /**
     * Removes the account, its recordings and its sessions at once; their files (no longer
     * served once their rows are gone) through the queue, retried while storage fails.
     */
    async remove(userId: number): Promise<void> {
      const owned = await db
        .select({ id: recordings.id, audioKey: recordings.audioKey, imageKey: recordings.imageKey })
        .from(recordings)
        .where(eq(recordings.userId, userId));
      const pictures = await db.select({ key: images.key }).from(images).where(eq(images.userId, userId));
      const email = (await findById(userId))?.email ?? '';
      const cards = await Promise.all(owned.map((recording) => previewCardKeys(options.storage, recording.id)));
      const keys = [...owned.flatMap(fileKeysOf), ...cards.flat(), ...pictures.map((picture) => picture.key)];
      await options.deletion.removeWithFiles(keys, async (transaction) => {
        // What the account wrote elsewhere and what it sent us carry its name or address;
        // their tables keep a row when its writer goes (set null), so they go by hand here.
        await transaction.delete(comments).where(eq(comments.userId, userId));
        await transaction.delete(feedback).where(eq(feedback.userId, userId));
        await deleteJobsOfAccount(transaction, { userId, email, recordingIds: owned.map((recording) => recording.id) });
        // Everything else of the account (sessions, reset links, folders, recordings, settings,
        // pictures) cascades from this row.
        await transaction.delete(users).where(eq(users.id, userId));
      });
    },

    async publicUserByInviteCode(code: string): Promise<PublicUser> {
      const row = await findByInviteCode(code);
      if (!row) throw notFound('No one has this share link');
      return toPublicUser(await toUser(row));
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
