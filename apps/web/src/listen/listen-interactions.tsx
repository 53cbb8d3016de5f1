import { useEffect } from 'react';
import { DEFAULT_NAMES, type PublicListenPayload } from '@vocal/settings-model';
import { CommentsSection } from './comments-section.tsx';
import { listenApi, trackListenOnce } from './listen-api.ts';
import { OwnerReplies } from './owner-replies.tsx';
import { useHeardReporter } from './use-heard-reporter.ts';

/**
 * What on the listen page talks to the API once it shows: the listen count, comments, and
 * the owner's view of replies (whether this is the owner, the page decides: see viewer.ts). In its own chunk, placed last on the page, so what it adds
 * grows the page downwards and moves nothing a reader is looking at.
 */
export default function ListenInteractions({ payload, isOwner }: { payload: PublicListenPayload; isOwner: boolean }) {
  const api = listenApi();
  const { audio, settings } = payload;

  // The server never counts the owner's own listens, so this is safe before the owner check ends.
  useEffect(() => trackListenOnce(audio.id), [audio.id]);
  useHeardReporter(audio.id, audio.duration);

  return (
    <>
      {isOwner ? <OwnerReplies api={api} recordingId={audio.id} /> : null}
      {settings.comments.enabled ? (
        <CommentsSection
          api={api}
          recordingId={audio.id}
          isOwner={isOwner}
          ownerName={payload.user.name === DEFAULT_NAMES.you ? null : payload.user.name}
        />
      ) : null}
    </>
  );
}
