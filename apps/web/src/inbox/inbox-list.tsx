import { useEffect, useRef } from 'react';
import { Button } from '@vocal/ui-kit';
import { CommentCard, type CommentActions } from './comment-card.tsx';
import { groupReplies, parentOf } from './group-replies.ts';
import type { InboxEntry } from './inbox-api.ts';
import { InboxItemCard, type InboxItemActions } from './inbox-item.tsx';
import type { NamedFolder } from './use-folders.ts';

export type InboxListProps = InboxItemActions &
  CommentActions & {
    items: InboxEntry[];
    folders: NamedFolder[] | null;
    draggable: boolean;
    hasMore: boolean;
    loadingMore: boolean;
    moreFailed: string | null;
    onLoadMore(): void;
  };

/**
 * The messages and comments, threads first-class: replies, comments and the owner's answers
 * nested under the message they belong to. More load as the
 * end scrolls into view; the "Load more" button is the same thing for keyboards and screen
 * readers, and stays where it is so nothing below it jumps.
 */
export function InboxList({ items, hasMore, loadingMore, moreFailed, onLoadMore, ...itemProps }: InboxListProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMoreRef = useRef(onLoadMore);
  loadMoreRef.current = onLoadMore;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return;
    // Start loading a screen before the end, so scrolling rarely waits.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMoreRef.current();
      },
      { rootMargin: '0px 0px 800px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, items.length]);

  return (
    <>
      <ol className="inbox-list">
        {groupReplies(items, parentOf).map((thread) => (
          <li key={thread.item.id} className="inbox-list__thread">
            <EntryCard entry={thread.item} nested={false} {...itemProps} />
            {thread.replies.length > 0 ? (
              <ol className="inbox-list__replies" aria-label={conversationLabel(thread.replies)}>
                {thread.replies.map((reply) => (
                  <li key={reply.id}>
                    <EntryCard entry={reply} nested {...itemProps} />
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="inbox-list__more" ref={sentinel}>
        {moreFailed ? (
          <p role="alert" className="inbox-list__more-problem">
            More messages could not be loaded: {moreFailed}
          </p>
        ) : null}
        {hasMore ? (
          <Button variant="secondary" onClick={onLoadMore} loading={loadingMore} loadingLabel="Loading more…">
            Load more messages
          </Button>
        ) : items.length > 0 ? (
          <p className="inbox-list__end">That is every message.</p>
        ) : null}
      </div>
    </>
  );
}

type EntryProps = InboxItemActions &
  CommentActions & { entry: InboxEntry; nested: boolean; folders: NamedFolder[] | null; draggable: boolean };

function EntryCard({ entry, ...props }: EntryProps) {
  return entry.kind === 'comment' ? <CommentCard comment={entry} {...props} /> : <InboxItemCard item={entry} {...props} />;
}

/** What a thread's list holds, for screen readers: replies, comments, or a conversation of both and answers. */
function conversationLabel(members: InboxEntry[]): string {
  const kinds = new Set(members.map((member) => (member.kind === 'comment' ? 'comment' : member.source === 'reply' ? 'reply' : 'other')));
  const what = kinds.size === 1 && kinds.has('reply') ? 'Replies' : kinds.size === 1 && kinds.has('comment') ? 'Comments' : 'Conversation';
  return `${what} (${members.length})`;
}
