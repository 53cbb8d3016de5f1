import './listen-owner.css';
import { useEffect, useState } from 'react';
import type { PublicListenPayload, TranscriptionState } from '@vocal/settings-model';
import { Button, Spinner, Transcript } from '@vocal/ui-kit';
import { listenApi } from './listen-api.ts';
import { TranscriptEditor } from './transcript-editor.tsx';

const POLL_MS = 4000;

/** What the owner reads where a transcript would be, when there is none. */
function missingTranscriptNote(state: TranscriptionState): string {
  if (state.status === 'error') return state.error ?? 'The transcript could not be made.';
  if (state.transcriber === null) return 'Transcripts are not set up on this server.';
  // A Pro owner may always ask (canRetry); a message without audio has nothing to transcribe.
  if (state.canRetry) return 'This message has no transcript.';
  return 'Transcripts come with Pro.';
}

/**
 * The owner's transcript: the read-along, its state with a retry, the summary, and Edit
 * transcript. It reads GET transcription/{id}, the owner's view, which says why one is missing.
 */
export default function OwnerTranscript({
  payload,
  currentTime,
  onSeek,
}: {
  payload: PublicListenPayload;
  currentTime: number;
  onSeek(seconds: number): void;
}) {
  const api = listenApi();
  const id = payload.audio.id;
  const [state, setState] = useState<TranscriptionState>({
    id,
    status: payload.audio.transcriptionStatus,
    transcription: payload.audio.transcription,
    summary: payload.audio.summary,
    error: null,
    canRetry: false,
    transcriber: payload.transcriptionNotice.configured ? 'local' : null,
  });
  const [loaded, setLoaded] = useState(false);
  const [editing, setEditing] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);

  useEffect(() => {
    if (loaded && state.status !== 'loading') return;
    let cancelled = false;
    const timer = setTimeout(
      async () => {
        const result = await api.getTranscription(id);
        if (cancelled) return;
        setLoaded(true);
        // A fresh object either way: a failed request schedules the next try too.
        setState((current) => (result.ok ? result.data : { ...current }));
      },
      loaded ? POLL_MS : 0,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [api, id, loaded, state]);

  const hasText = state.status === 'complete' && (state.transcription?.length ?? 0) > 0;

  return (
    <div className="owner-transcript">
      {state.summary ? (
        <section className="owner-transcript__summary" aria-labelledby="owner-summary-title">
          <h2 id="owner-summary-title" className="owner-transcript__heading">
            Summary
          </h2>
          <p>{state.summary}</p>
        </section>
      ) : null}
      {editing && state.transcription ? (
        <TranscriptEditor
          api={api}
          recordingId={id}
          transcription={state.transcription}
          onSaved={(next) => {
            setState(next);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : hasText ? (
        <>
          <Transcript transcription={state.transcription!} currentTime={currentTime} onSeek={onSeek} />
          <div className="owner-bar__row">
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
              Edit transcript
            </Button>
          </div>
        </>
      ) : state.status === 'loading' ? (
        <p className="listen-card__note">
          <Spinner size="xs" decorative /> Transcribing… the transcript appears here in a moment.
        </p>
      ) : loaded ? (
        <div className="owner-transcript__missing">
          <p className="listen-card__note">{missingTranscriptNote(state)}</p>
          {state.canRetry ? (
            <Button
              size="sm"
              variant="secondary"
              loadingLabel="Asking…"
              onClick={async () => {
                setRetryError(null);
                const result = await api.retryTranscription(id);
                if (result.ok) setState(result.data);
                else setRetryError(result.error.msg);
              }}
            >
              {state.status === 'error' ? 'Try again' : 'Make a transcript'}
            </Button>
          ) : null}
          {retryError ? (
            <p className="transcript-editor__error" role="alert">
              {retryError}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
