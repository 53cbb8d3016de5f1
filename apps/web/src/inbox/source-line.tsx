import { formatMessageDate } from '@vocal/ui-kit';
import type { Answered } from '@vocal/settings-model';
import type { InboxItem } from './inbox-api.ts';

const SOURCE_NAMES: Record<InboxItem['source'], string> = {
  sent: 'Sent',
  reply: 'Reply',
  'contact-form': 'Contact form',
  collect: 'Collection',
  written: 'Written message',
};

/**
 * Where a message came from, in words: the kind first (a small label), then what it answers
 * or who sent it. A reply nested under its message does not repeat that message's title.
 */
export function SourceLine({ item, nested }: { item: InboxItem; nested: boolean }) {
  if (item.answers) return <AnswerLine item={item} answers={item.answers} />;
  const sender = item.source === 'sent' ? null : (item.senderName?.trim() ?? null);
  return (
    <p className="inbox-item__source">
      <span className={`source-label source-label--${item.source}`}>{SOURCE_NAMES[item.source]}</span>
      {item.source === 'reply' && !nested && item.replyTo ? (
        <span className="inbox-item__answers">
          to “<a href={`/listen/${item.replyTo}`}>{item.replyToTitle ?? 'your message'}</a>”
        </span>
      ) : null}
      {sender || item.email ? (
        <span className="inbox-item__sender">
          from {sender ? <span className="inbox-item__sender-name">{sender}</span> : null}
          {sender && item.email ? ' · ' : null}
          {item.email ? <a href={`mailto:${item.email}`}>{item.email}</a> : null}
        </span>
      ) : item.source !== 'sent' ? (
        <span className="inbox-item__sender">from a visitor</span>
      ) : null}
    </p>
  );
}

/**
 * An answer of the owner's: to whom, and whether its mail went. It sits under what it answers
 * when that is on the page; the name says whom it answered either way (a written message it
 * answered has no page to link to).
 */
function AnswerLine({ item, answers }: { item: InboxItem; answers: Answered }) {
  const to = answers.kind === 'comment' ? `${answers.name}’s comment` : answers.senderName?.trim() || answers.email || 'a visitor';
  return (
    <p className="inbox-item__source">
      <span className="source-label source-label--answer">Your answer</span>
      <span className="inbox-item__answers">
        to <span className="inbox-item__sender-name">{to}</span>
      </span>
      {item.answerMailedAt ? (
        <span className="inbox-item__mailed">
          · emailed <time dateTime={item.answerMailedAt}>{formatMessageDate(item.answerMailedAt)}</time>
        </span>
      ) : null}
    </p>
  );
}
