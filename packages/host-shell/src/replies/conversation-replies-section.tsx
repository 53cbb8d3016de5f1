import './conversation-replies.css';
import { useEffect, useId, useRef, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter } from '@vocal/host-contract';
import { ReplyCard } from './reply-card.tsx';
import { useConversationReplies } from './use-conversation-replies.ts';

export type ConversationRepliesSectionProps = {
  api: Pick<ApiClient, 'getInbox' | 'markRead'>;
  host: HostAdapter;
  /** Our app's origin, for the replies' listen links. */
  appOrigin: string;
  /** How often to ask while visible (tests); REPLIES_POLL_MS by default. */
  pollMs?: number;
};

const countText = (count: number) => `${count} new ${count === 1 ? 'reply' : 'replies'}`;

/**
 * The answers to messages recorded in this ticket, conversation, thread or chat, under the
 * record flow: a badge with how many are new, and each with its player, words and actions.
 * Absent where the host names no conversation. New arrivals are announced to screen readers
 * and, where the host has a notification surface, through it.
 */
export function ConversationRepliesSection(props: ConversationRepliesSectionProps) {
  const replies = useConversationReplies({ api: props.api, host: props.host, pollMs: props.pollMs });
  const headingId = useId();
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<{ conversation: string | null; unread: number } | null>(null);

  useEffect(() => {
    if (replies.entries === null) return;
    // The first list of a conversation is what was there already; only a rise afterwards is news.
    const last = seen.current;
    if (last && last.conversation === replies.conversation && replies.unread > last.unread) {
      const text = countText(replies.unread);
      setAnnouncement(text);
      void props.host.notify?.(`Vocal: ${text} to your voice messages here.`).catch(() => undefined);
    }
    seen.current = { conversation: replies.conversation, unread: replies.unread };
  }, [replies.entries, replies.unread, replies.conversation, props.host]);

  const { conversation } = replies;
  if (!conversation) return null;
  const { entries } = replies;
  return (
    <section className="host-replies" aria-labelledby={headingId}>
      <h2 className="host-replies__title" id={headingId}>
        Replies here {replies.unread > 0 ? <span className="host-replies__badge">{countText(replies.unread)}</span> : null}
      </h2>
      <p className="vk-visually-hidden" role="status">
        {announcement}
      </p>
      {replies.error ? (
        <p className="host-replies__note host-replies__note--error" role="alert">
          {replies.error}
        </p>
      ) : null}
      {entries === null ? (
        replies.error ? null : (
          <p className="host-replies__note">Looking for replies…</p>
        )
      ) : entries.length === 0 ? (
        <p className="host-replies__note">When someone answers a message you recorded here, their reply shows up here.</p>
      ) : (
        <ol className="host-replies__list">
          {entries.map((entry) => (
            <ReplyCard
              key={`${entry.kind}-${entry.id}`}
              entry={entry}
              conversation={conversation}
              host={props.host}
              appOrigin={props.appOrigin}
              onMarkHeard={replies.markHeard}
              onRefused={() => void replies.refresh()}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
