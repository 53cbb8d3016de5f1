import { useId } from 'react';
import { formatMessageDate, messageTitle } from '@vocal/ui-kit';
import type { Answerable } from './answer-target.ts';
import type { InboxComment } from './inbox-api.ts';
import { MoreIcon } from './more-icon.tsx';
import { PopoverMenu } from './popover-menu.tsx';

export type CommentActions = {
  /** The owner opened what the comment is under, from the comment: it is read. */
  onCommentOpened(comment: InboxComment): void;
  onSetCommentRead(comment: InboxComment, read: boolean): void;
  onAnswer(entry: Answerable): void;
};

/**
 * A listener's comment under one of the owner's messages: who wrote what and when, unread until
 * the owner opens it, marks it read or answers it. Under its message the message is not named
 * again; on its own it links there.
 */
export function CommentCard({ comment, nested, ...actions }: CommentActions & { comment: InboxComment; nested: boolean }) {
  const titleId = useId();
  const unread = !comment.read;
  const title = `Comment from ${comment.name}`;
  const on = messageTitle({ subject: comment.recordingSubject, uploadDate: comment.recordingDate });
  const page = `/listen/${comment.recordingId}`;
  const opened = () => {
    if (unread) actions.onCommentOpened(comment);
  };
  return (
    <article
      className={`inbox-item inbox-item--comment${unread ? ' inbox-item--unread' : ''}${nested ? ' inbox-item--nested' : ''}`}
      aria-labelledby={titleId}
      data-comment-id={comment.id}
    >
      <div className="inbox-item__head">
        <h3 className="inbox-item__title" id={titleId}>
          <a href={page} onClick={opened}>
            {title}
          </a>
          {unread ? <span className="vk-visually-hidden">, unread</span> : null}
        </h3>
        <p className="inbox-item__when">
          <time dateTime={comment.createdAt}>{formatMessageDate(comment.createdAt)}</time>
        </p>
      </div>
      <p className="inbox-item__source">
        <span className="source-label source-label--comment">Comment</span>
        {nested ? null : (
          <span className="inbox-item__answers">
            on “
            <a href={page} onClick={opened}>
              {on}
            </a>
            ”
          </span>
        )}
      </p>
      <p className="inbox-item__message">{comment.text}</p>
      <div className="inbox-item__body">
        <div className="inbox-item__actions">
          <button
            type="button"
            className="inbox-item__action inbox-item__action--answer"
            onClick={() => actions.onAnswer(comment)}
            aria-label={`Answer the comment from ${comment.name}`}
          >
            Answer
          </button>
          <PopoverMenu
            label={`More actions for the comment from ${comment.name}`}
            buttonContent={<MoreIcon />}
            entries={[{ label: unread ? 'Mark as read' : 'Mark as unread', onSelect: () => actions.onSetCommentRead(comment, unread) }]}
            className="inbox-item__more"
          />
        </div>
      </div>
    </article>
  );
}
