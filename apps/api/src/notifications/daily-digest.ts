import { and, eq, gte, inArray, isNull, lt, min, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { listenUrl, NOTIFICATION_MAIL_KINDS, type NotificationMailKind } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { comments, listens, recordings } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { PermanentJobError, type JobQueue } from '../jobs/job-queue.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import { digestMail, type DigestItem } from '../mail/digest-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { PersonalisationService } from '../accounts/personalisation-service.ts';
import { deliveryOf } from './notification-choices.ts';
import type { UnsubscribeMail } from './unsubscribe-mail.ts';
import { addressConfirmed } from '../accounts/email-confirmation.ts';

/** Once a day: finds who had something happen that day and queues one digest job for each. */
export const DIGEST_DAY_JOB = 'notify-digest-day';
/** One owner's digest of one day: one mail, retried on its own when the send fails. */
export const DIGEST_OWNER_JOB = 'notify-digest';

const DAY_MS = 86_400_000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const VISITOR_ORIGINS = ['contact-form', 'collect', 'reply'] as const;
const KIND_OF_ORIGIN = { 'contact-form': 'contactForm', collect: 'collect', reply: 'reply' } as const;

function readDay(payload: Record<string, unknown>): string {
  if (typeof payload.day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(payload.day)) throw new PermanentJobError('The job names no day');
  return payload.day;
}

/**
 * The daily digest: for owners who chose it, one mail a day listing what came in during the
 * previous UTC day instead of one mail per event. It is read from what is stored (visitors'
 * messages, comments, first listens), so a message deleted before the digest is not in it,
 * and nothing has to be kept aside. Each day's job and each owner's job has a key of its own
 * in the queue, so however many processes schedule it, a day is mailed once.
 */
export function createDailyDigest(options: {
  db: Database;
  config: Config;
  queue: JobQueue;
  mailer: Mailer;
  accounts: AccountService;
  personalisation: PersonalisationService;
  unsubscribe: UnsubscribeMail;
  wake: () => void;
}) {
  const { db, config, queue, mailer, accounts, personalisation } = options;
  const settingsUrl = `${config.publicUrl}/settings/notifications`;
  const inboxUrl = `${config.publicUrl}/recordings`;

  /** Everything of `day` worth telling, for one owner or (ownerId null) for everyone. */
  async function happenings(day: string, ownerId: number | null): Promise<(DigestItem & { ownerId: number })[]> {
    const start = new Date(`${day}T00:00:00.000Z`);
    const end = new Date(start.getTime() + DAY_MS);
    const ofOwner = (column: typeof recordings.userId): SQL | undefined => (ownerId === null ? undefined : eq(column, ownerId));
    const arrived = sql`coalesce(${recordings.uploadDate}, ${recordings.createdAt})`;
    const original = alias(recordings, 'original');

    const sent = await db
      .select({
        ownerId: recordings.userId,
        id: recordings.id,
        domain: recordings.domain,
        origin: recordings.origin,
        senderName: recordings.senderName,
        email: recordings.email,
        subject: recordings.subject,
        message: recordings.message,
        audioKey: recordings.audioKey,
        originalSubject: original.subject,
      })
      .from(recordings)
      .leftJoin(original, eq(original.id, recordings.replyToId))
      .where(
        and(
          inArray(recordings.origin, [...VISITOR_ORIGINS]),
          eq(recordings.status, 'uploaded'),
          gte(arrived, start),
          lt(arrived, end),
          ofOwner(recordings.userId),
        ),
      );
    const commented = await db
      .select({
        ownerId: recordings.userId,
        id: recordings.id,
        domain: recordings.domain,
        subject: recordings.subject,
        name: comments.name,
        text: comments.text,
      })
      .from(comments)
      .innerJoin(recordings, eq(recordings.id, comments.recordingId))
      .where(
        and(
          gte(comments.createdAt, start),
          lt(comments.createdAt, end),
          // The owner's own comments are not news to them.
          or(isNull(comments.userId), ne(comments.userId, recordings.userId)),
          ofOwner(recordings.userId),
        ),
      );
    const firstHeard = min(listens.createdAt);
    const heard = await db
      .select({ ownerId: recordings.userId, id: recordings.id, domain: recordings.domain, subject: recordings.subject })
      .from(listens)
      .innerJoin(recordings, eq(recordings.id, listens.recordingId))
      .where(and(eq(recordings.origin, 'owner'), eq(recordings.status, 'uploaded'), ofOwner(recordings.userId)))
      .groupBy(recordings.id)
      .having(and(gte(firstHeard, start), lt(firstHeard, end)));

    return [
      ...sent.map((row) => {
        const written = row.message !== null && row.audioKey === null;
        return {
          ownerId: row.ownerId,
          kind: KIND_OF_ORIGIN[row.origin as (typeof VISITOR_ORIGINS)[number]],
          sender: { name: row.senderName, email: row.email },
          subject: row.origin === 'reply' ? row.originalSubject : row.subject,
          text: written ? row.message : null,
          link: written ? inboxUrl : listenUrl(row, config.publicUrl),
        };
      }),
      ...commented.map((row) => ({
        ownerId: row.ownerId,
        kind: 'comment' as const,
        sender: { name: row.name, email: null },
        subject: row.subject,
        text: row.text,
        link: listenUrl(row, config.publicUrl),
      })),
      ...heard.map((row) => ({
        ownerId: row.ownerId,
        kind: 'firstListen' as const,
        sender: null,
        subject: row.subject,
        text: null,
        link: listenUrl(row, config.publicUrl),
      })),
    ];
  }

  const dayHandler: JobHandler = {
    async run(job, context) {
      const day = readDay(job.payload);
      const owners = [...new Set((await happenings(day, null)).map((item) => item.ownerId))];
      // The owners' jobs are queued with this one's completion: all of them, or (on a retry) again.
      await context.complete(async (transaction) => {
        for (const ownerId of owners) {
          await queue.enqueue(
            { kind: DIGEST_OWNER_JOB, key: `${DIGEST_OWNER_JOB}:${day}:${ownerId}`, payload: { day, ownerId } },
            { transaction },
          );
        }
      });
      if (owners.length > 0) options.wake();
    },
  };

  const ownerHandler: JobHandler = {
    async run(job) {
      const day = readDay(job.payload);
      const ownerId = job.payload.ownerId;
      if (typeof ownerId !== 'number') throw new PermanentJobError('The job names no owner');
      const owner = await accounts.findById(ownerId);
      if (!owner || !addressConfirmed(owner, config)) return;
      const settings = await personalisation.get(owner.id);
      const wanted = new Set<NotificationMailKind>(NOTIFICATION_MAIL_KINDS.filter((kind) => deliveryOf(settings, kind) === 'digest'));
      const items = (await happenings(day, owner.id)).filter((item) => wanted.has(item.kind));
      if (items.length === 0) return;
      const mail = await options.unsubscribe.attach(owner.id, 'all', digestMail({ day, items, settingsUrl }));
      await mailer.send({ to: owner.email, ...mail, link: settingsUrl });
    },
  };

  return {
    handlers: { [DIGEST_DAY_JOB]: dayHandler, [DIGEST_OWNER_JOB]: ownerHandler },

    /**
     * Queues the digest of the UTC day before `now`'s (once: the key is the day). The server
     * calls it with each periodic sweep; a test passes a later `now` to have today's digest
     * made at once.
     */
    async schedule(now: Date = new Date()): Promise<string> {
      const day = utcDay(new Date(now.getTime() - DAY_MS));
      if (await queue.enqueue({ kind: DIGEST_DAY_JOB, key: `${DIGEST_DAY_JOB}:${day}`, payload: { day } })) options.wake();
      return day;
    },
  };
}

export type DailyDigest = ReturnType<typeof createDailyDigest>;
