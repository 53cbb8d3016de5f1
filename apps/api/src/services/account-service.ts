import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import { SHARE_PATH, toPublicUser, userSchema, type AccountUpdate, type PublicUser, type User } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { images, recordings, users } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/http-error.ts';
import type { Storage } from '../storage/storage.ts';
import { fileKeysOf } from './audio-service.ts';
import type { DeletionService } from './deletion-service.ts';
import { newInviteCode } from './ids.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { isPro, limitsFor, monthStart } from './plans.ts';
import type { TokenService } from './token-service.ts';

export type UserRow = typeof users.$inferSelect;

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505');

/** The constraint a database error names (PostgreSQL and PGlite both say, perhaps under drizzle's wrapper). */
const violatedConstraint = (error: unknown): string | undefined => {
  const named = error as { constraint?: string; cause?: { constraint?: string } };
  return named.constraint ?? named.cause?.constraint;
};

const DOMAIN_TAKEN = 'domain: another account already uses this domain';

export function createAccountService(options: {
  db: Database;
  config: Config;
  storage: Storage;
  tokens: TokenService;
  deletion: DeletionService;
  now?: () => Date;
}) {
  const { db, config, tokens } = options;
  const now = options.now ?? (() => new Date());

  async function messagesThisMonth(userId: number): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(recordings)
      .where(
        and(
          eq(recordings.userId, userId),
          eq(recordings.status, 'uploaded'),
          eq(recordings.origin, 'owner'),
          gte(recordings.uploadDate, monthStart(now())),
        ),
      );
    return row?.value ?? 0;
  }

  async function toUser(row: UserRow): Promise<User> {
    const limits = limitsFor(row);
    return userSchema.parse({
      id: row.id,
      email: row.email,
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
        showTrial: row.showTrial,
        showPaywall: row.showPaywall,
        max: limits.messagesPerMonth,
        count: await messagesThisMonth(row.id),
      },
    });
  }

  async function findById(userId: number): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    return row ?? null;
  }

  async function domainTakenByAnother(domain: string, userId: number): Promise<boolean> {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.domain}) = ${domain.toLowerCase()}`, ne(users.id, userId)));
    return other !== undefined;
  }

  /** The owner of a share code (the public contact form and collect pages name users by it). */
  async function findByInviteCode(code: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.inviteCode, code));
    return row ?? null;
  }

  async function create(email: string, password: string): Promise<UserRow> {
    const passwordHash = await hashPassword(password, config.scryptCost);
    const [row] = await db.insert(users).values({ email, passwordHash, inviteCode: newInviteCode() }).returning();
    if (!row) throw new Error('The account could not be created');
    return row;
  }

  return {
    findById,
    findByInviteCode,
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

    /** The fields that change at once; the email address changes through EmailChangeService. */
    async update(userId: number, update: Omit<AccountUpdate, 'email' | 'currentPassword'>): Promise<User> {
      const changes: Partial<typeof users.$inferInsert> = {};
      if (update.name !== undefined) changes.name = update.name ?? '';
      if (update.avatarUrl !== undefined) changes.avatarUrl = update.avatarUrl;
      if (update.domain !== undefined) {
        if (update.domain !== null) {
          const current = await findById(userId);
          if (!current) throw notFound('Account not found');
          if (!isPro(current)) throw forbidden('A custom domain is a Pro feature. Upgrade to use your own domain.');
          if (update.domain === new URL(config.publicUrl).hostname) {
            throw badRequest("domain: is this server's own host; leave it empty to use it");
          }
          if (await domainTakenByAnother(update.domain, userId)) throw conflict(DOMAIN_TAKEN);
        }
        changes.domain = update.domain;
      }
      if (Object.keys(changes).length > 0) {
        try {
          await db.update(users).set(changes).where(eq(users.id, userId));
        } catch (error) {
          // The check above cannot see another account claiming the same domain at this moment.
          if (isUniqueViolation(error) && violatedConstraint(error) === 'users_domain_unique') throw conflict(DOMAIN_TAKEN);
          if (isUniqueViolation(error)) throw conflict('That email address is already in use');
          throw error;
        }
      }
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
      const keys = [...owned.flatMap(fileKeysOf), ...pictures.map((picture) => picture.key)];
      await options.deletion.removeWithFiles(keys, async (transaction) => {
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
