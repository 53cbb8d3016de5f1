import { and, eq, ne, sql } from 'drizzle-orm';
import { DEFAULT_NAMES, listenUrl, type AnswerMail, type AnswerResponse, type answerRequestSchema } from '@vocal/settings-model';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import { comments, recordings } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { badRequest, conflict, notFound } from '../http/http-error.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import { answerMail, type AnsweredThing, type AnswerBody } from '../mail/answer-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { chosenName, type AccountService, type UserRow } from '../accounts/account-service.ts';
import { newRecordingId } from '../common/ids.ts';
import { answerMailOf, commentAnswerMailOf } from '../recordings/inbox-service.ts';
import { isWritten, type RecordingRow } from '../recordings/recording-view.ts';

export const ANSWER_MAIL_JOB = 'answer-mail';

export type AnswerInput = z.output<typeof answerRequestSchema>;

type Comment = typeof comments.$inferSelect;

/** What an answer answers, as found for its owner. */
type Target = { kind: 'message'; row: RecordingRow } | { kind: 'comment'; comment: Comment; under: RecordingRow };

const MESSAGE_NOT_FOUND = 'Message not found';
const COMMENT_NOT_FOUND = 'Comment not found';
const RECORDING_NOT_FOUND = 'Recording not found';

/** A written answer's title: the answered message's, after "Re:", within the title's 200 characters. */
const answerTitle = (subject: string | null) => (subject ? `Re: ${subject}`.slice(0, 200) : null);

/**
 * The owner answers what they received (decision 0065): a reply, a contact-form or collected
 * message, or a comment, by voice (a message they recorded, linked here) or in words (kept as
 * a written message of theirs). The answer is the owner's message; its sender is mailed the
 * listen link, or the words, when the product knows where: the address they left, else their
 * account's. The mail is a job queued with the answer, so it goes once the answer is stored,
 * and is retried by the queue.
 */
export function createAnswerService(options: {
  db: Database;
  config: Config;
  queue: JobQueue;
  mailer: Mailer;
  accounts: AccountService;
  wakeJobs: () => void;
  now?: () => Date;
}) {
  const { db, config, queue, accounts } = options;
  const now = options.now ?? (() => new Date());

  async function findTarget(ownerId: number, input: AnswerInput): Promise<Target> {
    if (input.messageId !== undefined) {
      const [row] = await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.id, input.messageId), eq(recordings.userId, ownerId), eq(recordings.status, 'uploaded')));
      // Someone else's message is "not found" too: its existence is not ours to reveal.
      if (!row) throw notFound(MESSAGE_NOT_FOUND);
      if (row.origin === 'owner') throw badRequest('messageId: that is a message you sent; answer what others send you');
      return { kind: 'message', row };
    }
    const [found] = await db
      .select({ comment: comments, under: recordings })
      .from(comments)
      .innerJoin(recordings, eq(recordings.id, comments.recordingId))
      .where(and(eq(comments.id, input.commentId!), eq(recordings.userId, ownerId), eq(recordings.status, 'uploaded')));
    if (!found) throw notFound(COMMENT_NOT_FOUND);
    if (found.comment.userId === ownerId) throw badRequest('commentId: that is your own comment');
    return { kind: 'comment', comment: found.comment, under: found.under };
  }

  const mailOf = (target: Target): AnswerMail =>
    target.kind === 'message' ? answerMailOf(target.row) : commentAnswerMailOf(target.comment, target.under.userId);

  /** The address an answer to `target` goes to, read when it is needed; null when nobody can be told. */
  async function addressOf(target: Target): Promise<string | null> {
    if (target.kind === 'message' && target.row.email) return target.row.email;
    const senderId = target.kind === 'message' ? target.row.senderUserId : target.comment.userId;
    const ownerId = target.kind === 'message' ? target.row.userId : target.under.userId;
    if (senderId === null || senderId === ownerId) return null;
    return (await accounts.findById(senderId))?.email ?? null;
  }

  /** The voice answer the owner names: their own uploaded voice message. */
  async function voiceAnswer(ownerId: number, id: string): Promise<RecordingRow> {
    const [row] = await db
      .select()
      .from(recordings)
      .where(and(eq(recordings.id, id), eq(recordings.userId, ownerId), ne(recordings.status, 'deleted')));
    if (!row) throw notFound(RECORDING_NOT_FOUND);
    if (row.origin !== 'owner' || row.status !== 'uploaded' || isWritten(row)) {
      throw badRequest('recordingId: must be a voice message you recorded and sent');
    }
    return row;
  }

  const sameTarget = (row: RecordingRow, target: Target) =>
    target.kind === 'message' ? row.answersId === target.row.id : row.answersCommentId === target.comment.id;

  function respond(row: RecordingRow, target: Target): AnswerResponse {
    return { id: row.id, url: isWritten(row) ? null : listenUrl(row, config.publicUrl), answerMail: mailOf(target) };
  }

  /** What the mail says the answer answers, and where the conversation goes on from a written answer. */
  async function describe(target: Target, ownerName: string, inviteCode: string) {
    if (target.kind === 'comment') {
      const thing: AnsweredThing = { kind: 'comment', text: target.comment.text, originalSubject: target.under.subject };
      return {
        thing,
        recipientName: target.comment.name,
        onward: { url: listenUrl(target.under, config.publicUrl), label: 'See the message you commented on' },
      };
    }
    const row = target.row;
    if (row.origin === 'reply') {
      const [original] = row.replyToId
        ? await db
            .select()
            .from(recordings)
            .where(and(eq(recordings.id, row.replyToId), eq(recordings.status, 'uploaded')))
        : [];
      const thing: AnsweredThing = { kind: 'reply', originalSubject: original?.subject ?? null };
      return {
        thing,
        recipientName: row.senderName,
        onward: original ? { url: listenUrl(original, config.publicUrl), label: 'The message you replied to' } : null,
      };
    }
    const thing: AnsweredThing = { kind: 'message', subject: row.subject, written: isWritten(row) ? row.message : null };
    return {
      thing,
      recipientName: row.senderName,
      onward: { url: `${config.publicUrl}/contact-form/${inviteCode}`, label: `Write back to ${ownerName}` },
    };
  }

  const mailHandler: JobHandler = {
    async run(job) {
      const answerId = typeof job.payload.answerId === 'string' ? job.payload.answerId : null;
      if (!answerId) return;
      const [answer] = await db.select().from(recordings).where(eq(recordings.id, answerId));
      // Deleted before it went: there is nothing to send (the mail is written from what is stored now).
      if (!answer || answer.status !== 'uploaded' || answer.answerMailedAt) return;
      let target: Target | null = null;
      if (answer.answersId) {
        const [row] = await db.select().from(recordings).where(eq(recordings.id, answer.answersId));
        if (row) target = { kind: 'message', row };
      } else if (answer.answersCommentId) {
        const [found] = await db
          .select({ comment: comments, under: recordings })
          .from(comments)
          .innerJoin(recordings, eq(recordings.id, comments.recordingId))
          .where(eq(comments.id, answer.answersCommentId));
        if (found) target = { kind: 'comment', ...found };
      }
      if (!target) return;
      const to = await addressOf(target);
      const owner = await accounts.findById(answer.userId);
      if (!to || !owner) return;
      const ownerName = chosenName(owner.name) ?? DEFAULT_NAMES.someone;
      const { thing, recipientName, onward } = await describe(target, ownerName, owner.inviteCode);
      const body: AnswerBody = isWritten(answer)
        ? { kind: 'text', text: answer.message ?? '' }
        : { kind: 'voice', listenUrl: listenUrl(answer, config.publicUrl) };
      const mail = answerMail({
        ownerName,
        recipientName,
        answered: thing,
        answer: body,
        // A voice answer's page is where the conversation goes on (its Reply button); words need a way back.
        onward: body.kind === 'text' ? onward : null,
        productUrl: config.publicUrl,
      });
      await options.mailer.send({ to, ...mail, link: body.kind === 'voice' ? body.listenUrl : (onward?.url ?? config.publicUrl) });
      await db.update(recordings).set({ answerMailedAt: now() }).where(eq(recordings.id, answer.id));
    },
  };

  return {
    handlers: { [ANSWER_MAIL_JOB]: mailHandler },

    /**
     * POST inbox/answers. `beforeMailing` is called with the address before anything is stored
     * when a mail will go (the rate limits). Answers `created: false` when the same voice
     * answer was linked to the same target before (a retried request): nothing is mailed again.
     */
    async answer(
      owner: UserRow,
      input: AnswerInput,
      hooks: { beforeMailing?: (address: string) => Promise<void> } = {},
    ): Promise<{ response: AnswerResponse; created: boolean }> {
      const target = await findTarget(owner.id, input);
      const voice = input.recordingId !== undefined ? await voiceAnswer(owner.id, input.recordingId) : null;
      if (voice && sameTarget(voice, target)) return { response: respond(voice, target), created: false };
      if (voice && (voice.answersId !== null || voice.answersCommentId !== null)) {
        throw conflict('recordingId: that message already answers something else; record a new one');
      }
      const address = await addressOf(target);
      if (address) await hooks.beforeMailing?.(address);

      const link = target.kind === 'message' ? { answersId: target.row.id } : { answersCommentId: target.comment.id };
      const readAt = sql`coalesce(read_at, ${now().toISOString()}::timestamptz)`;
      const stored = await db.transaction(async (transaction) => {
        let row: RecordingRow | undefined;
        if (voice) {
          [row] = await transaction
            .update(recordings)
            .set(link)
            // Two answers racing to claim one recording: only one links it.
            .where(and(eq(recordings.id, voice.id), sql`${recordings.answersId} is null and ${recordings.answersCommentId} is null`))
            .returning();
          if (!row) throw conflict('recordingId: that message already answers something else; record a new one');
        } else {
          const subject = answerTitle(target.kind === 'message' ? target.row.subject : target.under.subject);
          [row] = await transaction
            .insert(recordings)
            .values({
              id: newRecordingId(),
              userId: owner.id,
              status: 'uploaded',
              origin: 'owner',
              platform: 'webapp',
              uploadDate: now(),
              subject,
              message: input.text!,
              ...link,
            })
            .returning();
          if (!row) throw new Error('The answer could not be stored');
        }
        // Answering something is reading it.
        if (target.kind === 'message') await transaction.update(recordings).set({ readAt }).where(eq(recordings.id, target.row.id));
        else await transaction.update(comments).set({ readAt }).where(eq(comments.id, target.comment.id));
        if (address) {
          await queue.enqueue(
            { kind: ANSWER_MAIL_JOB, key: `${ANSWER_MAIL_JOB}:${row.id}`, payload: { answerId: row.id } },
            { transaction },
          );
        }
        return row;
      });
      if (address) options.wakeJobs();
      return { response: respond(stored, target), created: true };
    },
  };
}

export type AnswerService = ReturnType<typeof createAnswerService>;
