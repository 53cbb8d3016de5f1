import { eq, min } from 'drizzle-orm';
import { listenUrl } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { comments, listens, recordings } from '../db/schema.ts';
import type { Config } from '../env.ts';
import type { JobQueue, Transaction } from '../jobs/job-queue.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import { firstListenMail } from '../mail/first-listen-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { collectMail, commentMail, contactFormMail, replyMail, type MailRecipient, type RenderedMail } from '../mail/notification-mails.ts';
import { chosenName, type AccountService } from '../accounts/account-service.ts';
import { createDailyDigest } from './daily-digest.ts';
import { deliveryOf, SETTING_OF_EVENT } from './notification-choices.ts';
import { createUnsubscribeMail } from './unsubscribe-mail.ts';
import type { PersonalisationService } from '../accounts/personalisation-service.ts';
import { addressConfirmed } from '../accounts/email-confirmation.ts';

export const NOTIFY_JOB = 'notify';

/**
 * What the owner hears about: a contact-form message (voice or written), a voice reply, a
 * collected message, a comment, and the first time someone else heard a message of theirs.
 */
export type Notification =
  { event: 'contact-form' | 'reply' | 'collect' | 'first-listen'; recordingId: string } | { event: 'comment'; commentId: string };

const subjectOf = (notification: Notification) => (notification.event === 'comment' ? notification.commentId : notification.recordingId);

function readNotification(payload: Record<string, unknown>): Notification | null {
  const { event, recordingId, commentId } = payload;
  if ((event === 'contact-form' || event === 'reply' || event === 'collect' || event === 'first-listen') && typeof recordingId === 'string')
    return { event, recordingId };
  if (event === 'comment' && typeof commentId === 'string') return { event, commentId };
  return null;
}

/**
 * Mail to owners about what visitors sent them. A notification is queued as a job in the
 * transaction that stores what it is about, so it goes out only once that is committed, and
 * a failed send is retried by the queue; the mail is written from what is stored when it runs.
 */
export function createNotificationService(options: {
  db: Database;
  config: Config;
  mailer: Mailer;
  queue: JobQueue;
  accounts: AccountService;
  personalisation: PersonalisationService;
  wake: () => void;
}) {
  const { db, config, mailer, queue, accounts, personalisation } = options;
  const settingsUrl = `${config.publicUrl}/settings/notifications`;
  const unsubscribe = createUnsubscribeMail({ db, config, accounts, personalisation });
  const digest = createDailyDigest({ db, config, queue, mailer, accounts, personalisation, unsubscribe, wake: options.wake });
  const inboxUrl = `${config.publicUrl}/recordings`;

  async function recordingRow(id: string) {
    const [row] = await db.select().from(recordings).where(eq(recordings.id, id));
    return row ?? null;
  }

  /**
   * The mail for a notification and whose it is; null when what it was about is gone. The
   * mail is written for its recipient, whose name and avatar are read when it is sent.
   */
  async function compose(
    notification: Notification,
  ): Promise<{ ownerId: number; mail: (recipient: MailRecipient) => RenderedMail; replyTo: string | null; link: string } | null> {
    if (notification.event === 'comment') {
      const [comment] = await db.select().from(comments).where(eq(comments.id, notification.commentId));
      const recording = comment ? await recordingRow(comment.recordingId) : null;
      if (!comment || !recording) return null;
      const link = listenUrl(recording, config.publicUrl);
      return {
        ownerId: recording.userId,
        replyTo: null,
        link,
        mail: (recipient) =>
          commentMail({
            name: comment.name,
            text: comment.text,
            originalSubject: recording.subject,
            listenUrl: link,
            settingsUrl,
            recipient,
          }),
      };
    }
    const recording = await recordingRow(notification.recordingId);
    if (!recording || recording.status !== 'uploaded') return null;
    const link = listenUrl(recording, config.publicUrl);
    if (notification.event === 'first-listen') {
      // Only a message the owner sent has a receipt: what visitors sent them is theirs to hear.
      if (recording.origin !== 'owner') return null;
      const [first] = await db
        .select({ at: min(listens.createdAt) })
        .from(listens)
        .where(eq(listens.recordingId, recording.id));
      const heardAt = first?.at ?? new Date();
      return {
        ownerId: recording.userId,
        replyTo: null,
        link,
        mail: () => firstListenMail({ subject: recording.subject, heardAt, listenUrl: link, settingsUrl }),
      };
    }
    if (notification.event === 'reply') {
      const original = recording.replyToId ? await recordingRow(recording.replyToId) : null;
      if (!original) return null;
      return {
        ownerId: recording.userId,
        replyTo: null,
        link,
        mail: (recipient) =>
          replyMail({
            senderName: recording.senderName,
            originalSubject: original.subject,
            replyUrl: link,
            originalUrl: listenUrl(original, config.publicUrl),
            settingsUrl,
            recipient,
          }),
      };
    }
    if (notification.event === 'collect') {
      return {
        ownerId: recording.userId,
        // A collection asks for an address only when the visitor gives one: answer them by mail then.
        replyTo: recording.email,
        link,
        mail: (recipient) =>
          collectMail({
            sender: { name: recording.senderName, email: recording.email },
            subject: recording.subject,
            listenUrl: link,
            inboxUrl,
            settingsUrl,
            recipient,
          }),
      };
    }
    const written = recording.message !== null && recording.audioKey === null;
    return {
      ownerId: recording.userId,
      replyTo: recording.email,
      link: written ? inboxUrl : link,
      mail: (recipient) =>
        contactFormMail({
          sender: { name: recording.senderName, email: recording.email },
          subject: recording.subject,
          message: written ? recording.message : null,
          listenUrl: written ? null : link,
          inboxUrl,
          settingsUrl,
          recipient,
        }),
    };
  }

  const notifyHandler: JobHandler = {
    async run(job) {
      const notification = readNotification(job.payload);
      if (!notification) return;
      const composed = await compose(notification);
      // Deleted since: there is nothing left to tell.
      if (!composed) return;
      const owner = await accounts.findById(composed.ownerId);
      // Never to an address its account has not proven (issue 23, finding 5).
      if (!owner || !addressConfirmed(owner, config)) return;
      const kind = SETTING_OF_EVENT[notification.event];
      // Off, or kept for the daily digest, which reads it from the database then.
      if (deliveryOf(await personalisation.get(owner.id), kind) !== 'now') return;
      const person = await accounts.toUser(owner);
      const recipient = { name: chosenName(person.name), avatarUrl: person.avatarUrl };
      const mail = await unsubscribe.attach(owner.id, kind, composed.mail(recipient));
      await mailer.send({ to: owner.email, ...mail, replyTo: composed.replyTo, link: composed.link });
    },
  };

  /**
   * Whether the owner wants notification mail at all (defaults.notifications, on by default):
   * checked before queueing; each kind's own switch and the digest are checked when it runs.
   */
  async function wants(ownerId: number): Promise<boolean> {
    return (await personalisation.get(ownerId)).defaults.notifications;
  }

  return {
    handlers: { [NOTIFY_JOB]: notifyHandler, ...digest.handlers },
    /** The one-click unsubscribe links of the mails. */
    unsubscribe,
    /** Queues the digest of the day before `now`'s; see createDailyDigest. */
    scheduleDigest: digest.schedule,
    mailerKind: mailer.kind,
    wants,

    /** Queues the mail in the transaction that stores what it is about. */
    async queueInTransaction(notification: Notification, transaction: Transaction) {
      await queue.enqueue(
        { kind: NOTIFY_JOB, key: `${NOTIFY_JOB}:${notification.event}:${subjectOf(notification)}`, payload: notification },
        { transaction },
      );
    },

    close: () => mailer.close(),
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
