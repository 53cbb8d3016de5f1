import { useEffect, useState } from 'react';
import type { PublicListenPayload } from '@vocal/settings-model';
import { CommentsSection } from './comments-section.tsx';
import { listenApi, trackListenOnce } from './listen-api.ts';
import { OwnerReplies } from './owner-replies.tsx';

/**
 * What on the listen page talks to the API once it shows: the listen count, comments, and
 * the owner's view of replies. In its own chunk, placed last on the page, so what it adds
 * grows the page downwards and moves nothing a reader is looking at.
 */
export default function ListenInteractions({ payload }: { payload: PublicListenPayload }) {
  const api = listenApi();
  const { audio, settings, user } = payload;
  const [isOwner, setIsOwner] = useState(false);

  useEffect(() => {
    trackListenOnce(audio.id);
    if (!api.session.isAuthorized()) return;
    void api.getAccount().then((result) => setIsOwner(result.ok && result.data.id === user.id));
  }, [api, audio.id, user.id]);

  return (
    <>
      {isOwner ? <OwnerReplies api={api} recordingId={audio.id} /> : null}
      {settings.comments.enabled ? <CommentsSection api={api} recordingId={audio.id} isOwner={isOwner} /> : null}
    </>
  );
}
