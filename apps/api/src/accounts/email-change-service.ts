import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { emailChanges, sessions, users } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { badRequest, conflict, forbidden, HttpError } from '../http/http-error.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import { emailChangeNoticeMail, emailConfirmationMail } from '../mail/account-mails.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UserRow } from './account-service.ts';
import { addressConfirmed } from './email-confirmation.ts';
import { verifyPassword } from './passwords.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';

export const EMAIL_CHANGE_NOTICE_JOB = 'email-change-notice';
export const EMAIL_CONFIRMATION_HOURS = 24;
/** Where GET /account/email/confirm lands: the web app's settings, told how it went. */
export const CONFIRM_PATH = '/api/account/email/confirm';

export type EmailConfirmation = 'confirmed' | 'invalid' | 'taken';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Changing an account's email address. A stolen access token alone cannot move an account
 * to the thief's address: it takes the password, a link sent to the new address (so the
 * address is the asker's), and the old address hears of it at once. Confirming signs out
 * every session but the one that asked.
 */
export function createEmailChangeService(options: {
  db: Database;
  config: Config;
  mailer: Mailer;
  queue: JobQueue;
  wake: () => void;
  now?: () => Date;
}) {
  const { db, config, mailer, queue, wake } = options;
  const now = options.now ?? (() => new Date());
  const settingsUrl = `${config.publicUrl}/settings`;

  const noticeHandler: JobHandler = {
    async run(job) {
      const { oldEmail, newEmail } = job.payload;
      if (typeof oldEmail !== 'string' || typeof newEmail !== 'string') return;
      const mail = emailChangeNoticeMail({ oldEmail, newEmail, settingsUrl });
      await mailer.send({ to: oldEmail, ...mail, link: settingsUrl });
    },
  };

  return {
    handlers: { [EMAIL_CHANGE_NOTICE_JOB]: noticeHandler },

    /** Whether `user` may move to `newEmail`: their password, and an address no one has. */
    async authorise(user: UserRow, newEmail: string, currentPassword: string | undefined): Promise<void> {
      if (!currentPassword) throw badRequest('currentPassword: is required to change the email address');
      if (!(await verifyPassword(currentPassword, user.passwordHash))) {
        throw forbidden('currentPassword: is not the password of this account');
      }
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
      if (taken) throw conflict('That email address is already in use');
    },

    /**
     * Starts an authorised change: mails the link to the new address (a failure to send is a
     * 503, and nothing is kept) and queues the notice to the old one. An earlier unconfirmed
     * request of the account is replaced.
     */
    async start(user: UserRow, sessionId: string, newEmail: string): Promise<void> {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = sha256(token);
      await db.transaction(async (transaction) => {
        await transaction.delete(emailChanges).where(eq(emailChanges.userId, user.id));
        await transaction.insert(emailChanges).values({
          tokenHash,
          userId: user.id,
          newEmail,
          sessionId,
          expiresAt: new Date(now().getTime() + EMAIL_CONFIRMATION_HOURS * 3_600_000),
        });
      });
      const confirmUrl = `${config.publicUrl}${CONFIRM_PATH}?token=${token}`;
      try {
        const mail = emailConfirmationMail({ newEmail, confirmUrl, settingsUrl, validHours: EMAIL_CONFIRMATION_HOURS });
        await mailer.send({ to: newEmail, ...mail, link: confirmUrl });
      } catch {
        await db.delete(emailChanges).where(eq(emailChanges.tokenHash, tokenHash));
        throw new HttpError(503, 'The confirmation email could not be sent. Try again in a few minutes.');
      }
      // The old address hears of it only if it was ever proven the account's.
      if (!addressConfirmed(user, config)) return;
      await queue.enqueue({
        kind: EMAIL_CHANGE_NOTICE_JOB,
        key: `${EMAIL_CHANGE_NOTICE_JOB}:${tokenHash}`,
        payload: { oldEmail: user.email, newEmail },
      });
      wake();
    },

    /** Opens a confirmation link: the token is spent whatever the outcome. */
    async confirm(token: string): Promise<EmailConfirmation> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return 'invalid';
      return db.transaction(async (transaction) => {
        const [change] = await transaction
          .delete(emailChanges)
          .where(eq(emailChanges.tokenHash, sha256(token)))
          .returning();
        if (!change || change.expiresAt.getTime() <= now().getTime()) return 'invalid';
        try {
          // A savepoint, so a taken address leaves the spent token deleted.
          await transaction.transaction(async (inner) => {
            // The link reached the new address: it is proven, like a new account's (email-confirmation.ts).
            await inner.update(users).set({ email: change.newEmail, emailConfirmedAt: now() }).where(eq(users.id, change.userId));
          });
        } catch (error) {
          if (isUniqueViolation(error)) return 'taken';
          throw error;
        }
        const asker = change.sessionId ? ne(sessions.id, change.sessionId) : undefined;
        await transaction
          .update(sessions)
          .set({ revokedAt: now() })
          .where(and(eq(sessions.userId, change.userId), isNull(sessions.revokedAt), asker));
        await transaction.delete(emailChanges).where(eq(emailChanges.userId, change.userId));
        return 'confirmed';
      });
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
