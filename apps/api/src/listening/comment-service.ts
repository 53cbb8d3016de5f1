import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_NAMES, type Comment, type newCommentSchema } from '@vocal/settings-model';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import { comments, recordings } from '../db/schema.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { PersonalisationService } from '../accounts/personalisation-service.ts';
import type { RecordingService } from '../recordings/recording-service.ts';
import type { WebhookService } from '../automation/webhook-service.ts';

export type NewCommentInput = z.output<typeof newCommentSchema>;

export const COMMENTS_TURNED_OFF = 'Comments are turned off for this voice message';
/** The most a listen page shows; older comments beyond it are left out. */
const MAX_COMMENTS_SHOWN = 500;

const toComment = (row: typeof comments.$inferSelect): Comment => ({
  id: row.id,
  name: row.name,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

/** Visitors' written comments under a message, when its owner has them on. */
export function createCommentService(options: {
  db: Database;
  recordings: RecordingService;
  personalisation: PersonalisationService;
  notifications: NotificationService;
  /** Told of each comment from someone else (comment.created). */
  webhooks?: WebhookService;
  wakeJobs: () => void;
  now?: () => Date;
}) {
  const { db, personalisation, notifications } = options;
  const now = options.now ?? (() => new Date());

  return {
    /** GET comments/{id}: oldest first; none at all while the owner has comments off. */
    async list(recordingId: string): Promise<{ enabled: boolean; comments: Comment[] }> {
      const { owner } = await options.recordings.publicRow(recordingId);
      const settings = await personalisation.get(owner.id);
      if (!settings.listenPage.comments.enabled) return { enabled: false, comments: [] };
      const rows = await db
        .select()
        .from(comments)
        .where(eq(comments.recordingId, recordingId))
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .limit(MAX_COMMENTS_SHOWN);
      return { enabled: true, comments: rows.map(toComment) };
    },

    /**
     * POST comments/{id}. A filled honeypot gets the answer a stored comment would, so a bot
     * learns nothing, and nothing is kept or mailed.
     */
    async add(recordingId: string, input: NewCommentInput, author: { userId: number | null }): Promise<Comment> {
      const { row, owner } = await options.recordings.publicRow(recordingId);
      const settings = await personalisation.get(owner.id);
      if (!settings.listenPage.comments.enabled) throw forbidden(COMMENTS_TURNED_OFF);
      const name = input.name || DEFAULT_NAMES.someone;
      if (input.website?.trim()) {
        return { id: randomUUID(), name, text: input.text, createdAt: now().toISOString() };
      }
      // The owner's own comments are no news to them.
      const notify = author.userId !== owner.id && settings.defaults.notifications;
      let told = false;
      const stored = await db.transaction(async (transaction) => {
        const [inserted] = await transaction
          .insert(comments)
          // The owner's own comment is no news to them: it is read from the start (the inbox's unread count).
          .values({
            recordingId: row.id,
            ownerId: owner.id,
            userId: author.userId,
            name,
            text: input.text,
            readAt: author.userId === owner.id ? now() : null,
          })
          .returning();
        if (!inserted) throw new Error('The comment could not be stored');
        if (notify) await notifications.queueInTransaction({ event: 'comment', commentId: inserted.id }, transaction);
        // The owner's own comments are no event to their automations either.
        if (author.userId !== owner.id && options.webhooks) {
          const data = { id: inserted.id, messageId: row.id, name, text: input.text };
          told = await options.webhooks.emitInTransaction(owner.id, 'comment.created', data, transaction);
        }
        return inserted;
      });
      if (notify || told) options.wakeJobs();
      return toComment(stored);
    },

    /** DELETE comments/{commentId}: only by the owner of the message it is under. */
    async remove(userId: number, commentId: string): Promise<void> {
      const [found] = await db
        .select({ id: comments.id })
        .from(comments)
        .innerJoin(recordings, eq(recordings.id, comments.recordingId))
        .where(and(eq(comments.id, commentId), eq(recordings.userId, userId)));
      if (!found) throw notFound('Comment not found');
      await db.delete(comments).where(eq(comments.id, commentId));
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
