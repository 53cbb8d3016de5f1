import { useEffect, useState } from 'react';
import type { PublicListenPayload } from '@vocal/settings-model';
import { Spinner, Transcript } from '@vocal/ui-kit';
import { sessionPayload } from './session-payload.ts';
import { unlockHeaders } from './unlock-token.ts';

type TranscriptState = Pick<PublicListenPayload['audio'], 'transcription' | 'transcriptionStatus'> & {
  notice: string | null;
};

const POLL_MS = 4000;

/**
 * Asks the server again while a transcript is being made. The schemas (and zod) load only
 * then, so a listener who gets a finished transcript in the page never downloads them. A
 * message that opened through this browser's session (a team-only one, or the owner's own
 * behind a password) answers the plain request 401 or 403: it is asked through the session.
 */
async function fetchTranscript(id: string): Promise<TranscriptState | null> {
  const response = await fetch(`/api/view-vocal/${encodeURIComponent(id)}`, {
    headers: { accept: 'application/json', ...unlockHeaders(id) },
  });
  let payload: PublicListenPayload | null = null;
  if (response.ok) {
    const { parseListenPayload } = await import('./parse-listen-payload.ts');
    payload = parseListenPayload(await response.json());
  } else if (response.status === 401 || response.status === 403) {
    payload = await sessionPayload(id);
  }
  if (!payload) return null;
  return {
    transcription: payload.audio.transcription,
    transcriptionStatus: payload.audio.transcriptionStatus,
    notice: payload.transcriptionNotice.message,
  };
}

/** The transcript under the player: read along, wait for it, or a word on why there is none. */
export function TranscriptPanel({
  payload,
  currentTime,
  onSeek,
}: {
  payload: PublicListenPayload;
  currentTime: number;
  onSeek(seconds: number): void;
}) {
  const [state, setState] = useState<TranscriptState>({
    transcription: payload.audio.transcription,
    transcriptionStatus: payload.audio.transcriptionStatus,
    notice: payload.transcriptionNotice.message,
  });

  useEffect(() => {
    if (state.transcriptionStatus !== 'loading') return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const next = await fetchTranscript(payload.audio.id).catch(() => null);
      if (cancelled) return;
      // A fresh object either way: a failed request schedules the next try too.
      setState(next ?? ((current) => ({ ...current })));
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [state, payload.audio.id]);

  if (state.transcriptionStatus === 'complete' && state.transcription?.length) {
    return <Transcript transcription={state.transcription} currentTime={currentTime} onSeek={onSeek} />;
  }
  if (state.transcriptionStatus === 'loading') {
    return (
      <p className="listen-card__note">
        <Spinner size="xs" decorative /> Transcribing… the transcript appears here in a moment.
      </p>
    );
  }
  return state.notice ? <p className="listen-card__note">{state.notice}</p> : null;
}
