import { useEffect, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { Comment } from '@vocal/settings-model';
import { Button, TextAreaField } from '@vocal/ui-kit';
import { HoneypotField } from '../visitors/honeypot-field.tsx';
import { VisitorNameField } from '../visitors/visitor-name-field.tsx';

/** What the section calls: a visitor's client has no deleteComment, which only the owner (signed in) uses. */
type CommentsCalls = Pick<ApiClient, 'getComments' | 'addComment'> & Partial<Pick<ApiClient, 'deleteComment'>>;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Text comments under the message, when the owner has them on; the owner may remove any. The
 * owner comments under their own name: the visitor's name field is not theirs to fill.
 * Without an `api` (the settings page's preview) it shows the empty section and asks nothing.
 */
export function CommentsSection({
  api,
  recordingId,
  isOwner,
  ownerName,
}: {
  api: CommentsCalls | null;
  recordingId: string;
  isOwner: boolean;
  ownerName: string | null;
}) {
  const [comments, setComments] = useState<Comment[] | null>(api ? null : []);
  const [enabled, setEnabled] = useState(true);
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [website, setWebsite] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!api) return;
    void api.getComments(recordingId).then((result) => {
      if (!result.ok) return setComments([]);
      setEnabled(result.data.enabled);
      setComments(result.data.comments);
    });
  }, [api, recordingId]);

  if (!enabled || comments === null) return null;

  const submit = async () => {
    setError(null);
    if (!api) return;
    if (!text.trim()) {
      setError('Write a comment first');
      return;
    }
    const result = await api.addComment(recordingId, { name: (isOwner ? ownerName : name) || null, text, website: website || undefined });
    if (!result.ok) {
      setError(result.error.msg.replace(/^text: /, ''));
      return;
    }
    setComments((list) => [...(list ?? []), result.data]);
    setText('');
  };

  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="comments__title">
        Comments{comments.length ? ` (${comments.length})` : ''}
      </h2>
      {comments.length ? (
        <ol className="comments__list">
          {comments.map((comment) => (
            <li key={comment.id} className="comments__item">
              <p className="comments__meta">
                <span className="comments__name">{comment.name}</span>{' '}
                <time dateTime={comment.createdAt}>{dateFormat.format(new Date(comment.createdAt))}</time>
              </p>
              <p className="comments__text">{comment.text}</p>
              {isOwner ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={async () => {
                    const result = await api?.deleteComment?.(comment.id);
                    if (result?.ok) setComments((list) => (list ?? []).filter((item) => item.id !== comment.id));
                  }}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="comments__empty">No comments yet.</p>
      )}
      <form className="comments__form" onSubmit={(event) => event.preventDefault()} noValidate>
        {isOwner ? null : <VisitorNameField value={name} onChange={setName} />}
        <TextAreaField
          label="Comment"
          name="comment"
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error ?? undefined}
        />
        <HoneypotField value={website} onChange={setWebsite} />
        <Button
          type="submit"
          onClick={(event) => {
            event.preventDefault();
            return submit();
          }}
          loadingLabel="Posting…"
        >
          Post comment
        </Button>
      </form>
    </section>
  );
}
