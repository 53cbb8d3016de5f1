import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { passwordResets, sessions, users } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { badRequest, forbidden } from '../http/http-error.ts';
import type { Logger } from '../logger.ts';
import { passwordResetMail } from '../mail/password-reset-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UserRow } from './account-service.ts';
import { acceptablePasswordSchema, assertAcceptablePassword } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const RESET_LINK_MINUTES = 60;
/** The web page a reset link opens; the token rides in the hash, so it never reaches a server log or a Referer. */
export const RESET_PAGE_PATH = '/reset-password';
export const RESET_LINK_SPENT = 'This reset link has expired or was already used. Ask for a new one from the sign-in page.';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Passwords: reset by a mailed link, and changed while signed in. Either way every other
 * session of the account is signed out, since the reason for a new password is often that
 * someone else knows the old one.
 */
export function createPasswordResetService(options: { db: Database; config: Config; mailer: Mailer; logger: Logger; now?: () => Date }) {
  const { db, config, mailer, logger } = options;
  const now = options.now ?? (() => new Date());

  /** Sets the password and revokes every session but `keepSessionId` (null: every one). */
  async function setPassword(userId: number, password: string, keepSessionId: string | null): Promise<void> {
    const passwordHash = await hashPassword(password, config.scryptCost);
    await db.transaction(async (transaction) => {
      await transaction.update(users).set({ passwordHash }).where(eq(users.id, userId));
      const others = keepSessionId ? ne(sessions.id, keepSessionId) : undefined;
      await transaction
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), others));
      // A link asked for before the change must not undo it.
      await transaction.delete(passwordResets).where(eq(passwordResets.userId, userId));
    });
  }

  async function validReset(token: string) {
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, sha256(token)));
    return row && row.expiresAt.getTime() > now().getTime() ? row : null;
  }

  return {
    /**
     * POST /password/forgot: mails a reset link when `email` has an account. The caller answers
     * the same either way, and the mail is sent after it has answered, so neither the answer
     * nor how long it takes says whether the address has an account.
     */
    async requestReset(email: string): Promise<void> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) return;
      const token = randomBytes(32).toString('base64url');
      await db.delete(passwordResets).where(lt(passwordResets.expiresAt, now()));
      await db.insert(passwordResets).values({
        tokenHash: sha256(token),
        userId: user.id,
        expiresAt: new Date(now().getTime() + RESET_LINK_MINUTES * 60_000),
      });
      const resetPage = `${config.publicUrl}${RESET_PAGE_PATH}`;
      const mail = passwordResetMail({
        resetUrl: `${resetPage}#token=${token}`,
        settingsUrl: `${config.publicUrl}/settings/account`,
        validMinutes: RESET_LINK_MINUTES,
      });
      mailer.send({ to: email, ...mail, link: resetPage }).catch((error: unknown) => {
        logger.error(`The password reset mail could not be sent: ${error instanceof Error ? error.message : String(error)}`);
      });
    },

    /** POST /password/reset/check: whether the link can still be used, so the page says so before anything is typed. */
    async checkToken(token: string): Promise<void> {
      if (!(await validReset(token))) throw badRequest(RESET_LINK_SPENT);
    },

    /** POST /password/reset: spends the link, sets the password and signs out every session. */
    async reset(token: string, password: string): Promise<void> {
      // A refused password leaves the link usable for a better one.
      assertAcceptablePassword(password);
      const [spent] = await db
        .delete(passwordResets)
        .where(eq(passwordResets.tokenHash, sha256(token)))
        .returning();
      if (!spent || spent.expiresAt.getTime() <= now().getTime()) throw badRequest(RESET_LINK_SPENT);
      await setPassword(spent.userId, password, null);
      // The link was mailed to the address: whoever opened it has it.
      await db
        .update(users)
        .set({ emailConfirmedAt: now() })
        .where(and(eq(users.id, spent.userId), isNull(users.emailConfirmedAt)));
    },

    /** POST /password/change: the current password, then the new one; this session stays signed in. */
    async change(user: UserRow, sessionId: string, currentPassword: string, newPassword: string): Promise<void> {
      if (!(await verifyPassword(currentPassword, user.passwordHash))) {
        throw forbidden('currentPassword: is not the password of this account');
      }
      const acceptable = acceptablePasswordSchema.safeParse(newPassword);
      if (!acceptable.success) throw badRequest(`newPassword: ${acceptable.error.issues[0]?.message ?? 'is not acceptable'}`);
      await setPassword(user.id, newPassword, sessionId);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
