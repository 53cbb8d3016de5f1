import { useEffect, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import { messageTitle } from '@vocal/ui-kit';

/** "In reply to <title>", linking back to the message a reply answers. */
export function InReplyTo({ api, messageId }: { api: ApiClient; messageId: string }) {
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    // The owner's own message: an empty edit changes nothing and answers it in full.
    void api.editRecording(messageId, {}).then((result) => {
      if (!cancelled) setTitle(result.ok ? messageTitle(result.data) : 'your message');
    });
    return () => {
      cancelled = true;
    };
  }, [api, messageId]);
  return (
    <p className="owner-bar__reply-to">
      In reply to <a href={`/listen/${encodeURIComponent(messageId)}`}>{title ?? 'your message'}</a>
    </p>
  );
}
