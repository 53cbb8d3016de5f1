import { useState } from 'react';
import { hasCapability, type ConversationReply, type HostAdapter } from '@vocal/host-contract';
import { listenUrl, transcriptSentences, type ConversationKey, type InboxEntry } from '@vocal/settings-model';
import { AudioPlayer, Button, copyToClipboard, formatMessageDate } from '@vocal/ui-kit';

export type ReplyCardProps = {
  entry: InboxEntry;
  /** The conversation it was listed for. */
  conversation: ConversationKey;
  host: HostAdapter;
  /** Our app's origin: a reply's listen link is on it (or on the message's own domain). */
  appOrigin: string;
  onMarkHeard(entry: InboxEntry): Promise<void>;
  /** The host refused the insert: where it is may have changed (another conversation), so look again. */
  onRefused?(): void;
};

/** What the host is given for an entry: who, their words, the link to hear it, and where it was listed. */
export function conversationReplyOf(entry: InboxEntry, appOrigin: string, conversation?: ConversationKey): ConversationReply {
  const listed = conversation ? { conversation } : {};
  if (entry.kind === 'comment') {
    return {
      kind: 'written',
      from: entry.name,
      text: entry.text,
      url: listenUrl({ id: entry.recordingId, domain: null }, appOrigin),
      ...listed,
    };
  }
  const transcript = entry.transcription
    ? transcriptSentences(entry.transcription)
        .map((sentence) => sentence.text)
        .join(' ')
    : '';
  return {
    kind: 'voice',
    from: entry.senderName?.trim() || 'Someone',
    text: transcript.trim() || entry.message?.trim() || null,
    url: listenUrl(entry, appOrigin),
    ...listed,
  };
}

/**
 * One answer in the panel: who sent it and when, its player and transcript (or the comment),
 * and the two things an agent does with it: mark it heard, and put it into the conversation
 * the host's way (or copy its link where the host has no way).
 */
export function ReplyCard({ entry, conversation, host, appOrigin, onMarkHeard, onRefused }: ReplyCardProps) {
  const reply = conversationReplyOf(entry, appOrigin, conversation);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const when = entry.kind === 'comment' ? entry.createdAt : entry.uploadDate;
  const kindLabel = reply.kind === 'voice' ? 'Voice reply' : 'Comment';
  const unread = !entry.read;

  const insert = async () => {
    if (hasCapability(host, 'insertReply')) {
      const result = await host
        .insertReply(reply)
        .catch((error: unknown) => ({ inserted: false as const, reason: error instanceof Error ? error.message : String(error) }));
      if (result.inserted) {
        setOutcome({ text: host.replyInsertedHint ?? 'The reply was added to the conversation.', failed: false });
        if (unread) await onMarkHeard(entry);
      } else {
        setOutcome({ text: result.reason, failed: true });
        onRefused?.();
      }
      return;
    }
    const copied = await copyToClipboard(reply.url);
    setOutcome(copied ? { text: 'Link copied.', failed: false } : { text: `Copy this link: ${reply.url}`, failed: true });
  };

  return (
    <li className={`host-reply${unread ? ' host-reply--unread' : ''}`}>
      <p className="host-reply__meta">
        <strong className="host-reply__from">{reply.from}</strong>
        {unread ? <span className="host-reply__new">New</span> : null}
        <span className="host-reply__when">
          {kindLabel} · <time dateTime={when}>{formatMessageDate(when)}</time>
        </span>
      </p>
      {entry.kind === 'message' && entry.audioUrl ? (
        <AudioPlayer src={entry.audioUrl} peaks={entry.peaks} duration={entry.duration} label={`${kindLabel} from ${reply.from}`} />
      ) : null}
      {reply.text ? (
        <p className="host-reply__text">{reply.text}</p>
      ) : entry.kind === 'message' && entry.transcriptionStatus === 'loading' ? (
        <p className="host-reply__pending">Transcribing…</p>
      ) : null}
      <div className="host-reply__actions">
        <Button size="sm" variant="secondary" onClick={insert}>
          {hasCapability(host, 'insertReply') ? (host.replyInsertLabel ?? 'Add to conversation') : 'Copy link'}
        </Button>
        {unread ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onMarkHeard(entry)}
            aria-label={`Mark as heard: ${kindLabel.toLowerCase()} from ${reply.from}`}
          >
            Mark as heard
          </Button>
        ) : null}
      </div>
      {outcome ? (
        <p className={`host-reply__outcome${outcome.failed ? ' host-reply__outcome--failed' : ''}`} role="status">
          {outcome.text}
        </p>
      ) : null}
    </li>
  );
}
