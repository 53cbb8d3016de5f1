import { randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { users } from '../db/schema.ts';
import type { Config } from '../env.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import { addressConfirmationMail } from '../mail/account-mails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createKeyedHash } from '../common/keyed-hash.ts';

type UserRow = typeof users.$inferSelect;

export const ADDRESS_CONFIRMATION_JOB = 'address-confirmation';
export const ADDRESS_CONFIRMATION_DAYS = 7;
/** The link in the mail; it lands on the settings page, told how it went. */
export const VERIFY_PATH = '/api/account/email/verify';

export type AddressConfirmation = 'verified' | 'invalid';

const TOKEN_PATTERN = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Whether the server may mail `row`'s address anything but the confirmation, and open its
 * contact form and collect page to strangers (issue 23, finding 5): anyone can sign up with
 * someone else's address, and without this the server would mail a stranger's words to it.
 * With EMAIL_CONFIRMATION off (or auto and no SMTP server, where mail reaches no one) every
 * address counts as confirmed.
 */
export function addressConfirmed(row: Pick<UserRow, 'emailConfirmedAt'>, config: Pick<Config, 'mail'>): boolean {
  return !config.mail.confirmAddresses || row.emailConfirmedAt !== null;
}

/**
 * What a visitor meets at the contact form or collect page of an unconfirmed account: a 403
 * saying why, so the page reads as closed for now rather than as a broken link.
 */
export const NOT_OPEN_YET = {
  form: 'This contact form is not open yet: its owner has not confirmed their email address',
  collect: 'This collection is not open yet: its owner has not confirmed their email address',
} as const;

/**
 * Proving a new account's address: a link mailed at sign-up (and again on request) that marks
 * it confirmed. The token is signed, not stored: who, until when, and for which address, so a
 * link for an address the account has since left confirms nothing. Opening it twice is harmless.
 */
export function createEmailConfirmation(options: {
  db: Database;
  config: Config;
  mailer: Mailer;
  queue: JobQueue;
  wake: () => void;
  now?: () => Date;
}) {
  const { db, config, mailer, queue, wake } = options;
  const now = options.now ?? (() => new Date());
  const sign = createKeyedHash(db, 'address-confirmation');
  const signature = (userId: number, expires: number, email: string) => sign('confirm', String(userId), String(expires), email);

  async function linkFor(row: Pick<UserRow, 'id' | 'email'>): Promise<string> {
    const expires = Math.floor(now().getTime() / 1000) + ADDRESS_CONFIRMATION_DAYS * 86_400;
    const token = `${row.id}.${expires}.${await signature(row.id, expires, row.email)}`;
    return `${config.publicUrl}${VERIFY_PATH}?token=${token}`;
  }

  const sendHandler: JobHandler = {
    async run(job) {
      const userId = job.payload.userId;
      if (typeof userId !== 'number') return;
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      // Gone, or confirmed since it was asked for: nothing to send.
      if (!row || row.emailConfirmedAt) return;
      const confirmUrl = await linkFor(row);
      const mail = addressConfirmationMail({
        email: row.email,
        confirmUrl,
        settingsUrl: `${config.publicUrl}/settings`,
        validDays: ADDRESS_CONFIRMATION_DAYS,
      });
      await mailer.send({ to: row.email, ...mail, link: `${config.publicUrl}${VERIFY_PATH}` });
    },
  };

  async function markConfirmed(userId: number): Promise<void> {
    await db
      .update(users)
      .set({ emailConfirmedAt: now() })
      .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
  }

  return {
    handlers: { [ADDRESS_CONFIRMATION_JOB]: sendHandler },
    required: config.mail.confirmAddresses,
    isConfirmed: (row: Pick<UserRow, 'emailConfirmedAt'>) => addressConfirmed(row, config),
    linkFor,

    /**
     * Queues the link to the account's address when addresses are confirmed here; the job sends
     * it (retried when mail fails) unless the address is confirmed by then.
     */
    async send(userId: number): Promise<void> {
      if (!config.mail.confirmAddresses) return;
      await queue.enqueue({
        kind: ADDRESS_CONFIRMATION_JOB,
        key: `${ADDRESS_CONFIRMATION_JOB}:${userId}:${randomUUID()}`,
        payload: { userId },
      });
      wake();
    },

    /** Marks the address proven another way: an identity provider, a reset or email-change link. */
    markConfirmed,

    /** Opens a link: confirms the address it was sent to, if the account still has it. */
    async verify(token: string): Promise<AddressConfirmation> {
      const match = TOKEN_PATTERN.exec(token);
      if (!match) return 'invalid';
      const userId = Number(match[1]);
      const expires = Number(match[2]);
      if (expires * 1000 <= now().getTime()) return 'invalid';
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!row) return 'invalid';
      const expected = Buffer.from(await signature(userId, expires, row.email));
      const given = Buffer.from(match[3]!);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      await markConfirmed(userId);
      return 'verified';
    },
  };
}

export type AddressConfirmationService = ReturnType<typeof createEmailConfirmation>;
