import { useEffect, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { Recording } from '@vocal/settings-model';
import { AudioPlayer } from '@vocal/ui-kit';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The voice replies to this message, shown to its owner only. */
export function OwnerReplies({ api, recordingId }: { api: ApiClient; recordingId: string }) {
  const [replies, setReplies] = useState<Recording[]>([]);
  useEffect(() => {
    void api.getReplies(recordingId).then((result) => result.ok && setReplies(result.data.replies));
  }, [api, recordingId]);
  if (replies.length === 0) return null;
  return (
    <section className="owner-replies" aria-labelledby="owner-replies-title">
      <h2 id="owner-replies-title" className="comments__title">
        Replies ({replies.length}) <span className="owner-replies__private">only you see these</span>
      </h2>
      <ol className="owner-replies__list">
        {replies.map((reply) => (
          <li key={reply.id} className="owner-replies__item">
            <p className="comments__meta">
              <span className="comments__name">{reply.senderName ?? 'Someone'}</span>{' '}
              <time dateTime={reply.uploadDate}>{dateFormat.format(new Date(reply.uploadDate))}</time>
            </p>
            {reply.audioUrl ? (
              <AudioPlayer
                src={reply.audioUrl}
                peaks={reply.peaks}
                duration={reply.duration}
                label={`Reply from ${reply.senderName ?? 'Someone'}`}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
