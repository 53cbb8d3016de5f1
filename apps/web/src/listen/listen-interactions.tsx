import { useEffect } from 'react';
import { DEFAULT_NAMES, type PublicListenPayload } from '@vocal/settings-model';
import { CommentsSection } from './comments-section.tsx';
import { trackListenOnce } from './counted-listen.ts';
import { useListenCalls } from './listen-calls.ts';
import { OwnerReplies } from './owner-replies.tsx';
import { useHeardReporter } from './use-heard-reporter.ts';

/**
 * What on the listen page talks to the API once it shows: the listen count, comments, and
 * the owner's view of replies (whether this is the owner, the page decides: see viewer.ts). In its own chunk, placed last on the page, so what it adds
 * grows the page downwards and moves nothing a reader is looking at.
 */
export default function ListenInteractions({ payload, isOwner }: { payload: PublicListenPayload; isOwner: boolean }) {
  const calls = useListenCalls();
  const { audio, settings } = payload;
  // The server never counts the owner's own listens, so this is safe before the owner check ends.
  useEffect(() => {
    if (calls) trackListenOnce(audio.id, calls.api);
  }, [calls, audio.id]);
  useHeardReporter(audio.id, audio.duration);
  if (!calls) return null;
  return (
    <>
      {isOwner && calls.kind === 'session' ? <OwnerReplies api={calls.api} recordingId={audio.id} /> : null}
      {settings.comments.enabled ? (
        <CommentsSection
          api={calls.api}
          recordingId={audio.id}
          isOwner={isOwner}
          ownerName={payload.user.name === DEFAULT_NAMES.you ? null : payload.user.name}
        />
      ) : null}
    </>
  );
}
