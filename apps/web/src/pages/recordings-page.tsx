import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { listPendingRecordings } from '@vocal/recorder-core';
import { listenUrl, type Recording } from '@vocal/settings-model';
import { AudioPlayer, Button, ButtonLink, CopyLinkField, Dialog, formatDuration, Spinner } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';

type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; recordings: Recording[] };

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The signed-in home: every message, newest first, ready to play, copy or delete. */
export default function RecordingsPage() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [unsent, setUnsent] = useState(0);
  const [deleting, setDeleting] = useState<Recording | null>(null);

  const refresh = useCallback(async () => {
    const result = await webApi().getAudios();
    setLoad(result.ok ? { status: 'loaded', recordings: result.data.audios } : { status: 'failed', message: result.error.msg });
  }, []);

  useEffect(() => {
    void refresh();
    listPendingRecordings().then(
      (pending) => setUnsent(pending.filter((recording) => !recording.inUse).length),
      () => setUnsent(0),
    );
  }, [refresh]);

  return (
    <section className="recordings-page" aria-labelledby="recordings-title">
      <header className="page-header">
        <div>
          <h1 id="recordings-title" className="page-header__title">
            Recordings
          </h1>
          {load.status === 'loaded' && load.recordings.length > 0 ? (
            <p className="page-header__meta">
              {load.recordings.length} {load.recordings.length === 1 ? 'message' : 'messages'}
            </p>
          ) : null}
        </div>
      </header>

      {unsent > 0 ? (
        <p className="notice" role="status">
          {unsent === 1 ? 'A message you recorded was not sent yet.' : `${unsent} messages you recorded were not sent yet.`}{' '}
          <Link href="/record">Open the recorder to send {unsent === 1 ? 'it' : 'them'}</Link>
        </p>
      ) : null}

      {load.status === 'loading' ? (
        <div className="page-state">
          <Spinner label="Loading your recordings" />
        </div>
      ) : load.status === 'failed' ? (
        <div className="page-state" role="alert">
          <p>Your recordings could not be loaded: {load.message}</p>
          <Button variant="secondary" onClick={refresh}>
            Try again
          </Button>
        </div>
      ) : load.recordings.length === 0 ? (
        <div className="empty-state">
          <h2 className="empty-state__title">No messages yet</h2>
          <p className="empty-state__text">Record a voice message and you get a link to share at once.</p>
          <Link href="/record" asChild>
            <ButtonLink>Record your first message</ButtonLink>
          </Link>
        </div>
      ) : (
        <ol className="recording-list">
          {load.recordings.map((recording) => (
            <RecordingItem key={recording.id} recording={recording} onDelete={() => setDeleting(recording)} />
          ))}
        </ol>
      )}

      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this message?"
        description="The link stops working for everyone, and the audio is removed. This cannot be undone."
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              loadingLabel="Deleting…"
              onClick={async () => {
                if (!deleting) return;
                const result = await webApi().deleteRecording(deleting.id);
                if (result.ok || result.status === 404) {
                  setLoad((current) =>
                    current.status === 'loaded'
                      ? { status: 'loaded', recordings: current.recordings.filter((item) => item.id !== deleting.id) }
                      : current,
                  );
                }
                setDeleting(null);
              }}
            >
              Delete
            </Button>
          </>
        }
      />
    </section>
  );
}

function RecordingItem({ recording, onDelete }: { recording: Recording; onDelete(): void }) {
  if (recording.audioUrl === null) return <WrittenMessageItem recording={recording} onDelete={onDelete} />;
  const link = listenUrl(recording, window.location.origin);
  const title = recording.subject ?? 'Voice message';
  return (
    <li className="recording-card">
      <div className="recording-card__head">
        <h2 className="recording-card__title">
          <a href={`/listen/${recording.id}`}>{title}</a>
        </h2>
        <p className="recording-card__meta">
          {dateFormat.format(new Date(recording.uploadDate))} · {formatDuration(recording.duration)}
          {recording.isReply ? ' · a reply' : ''}
          {recording.views > 0 ? ` · ${recording.views} ${recording.views === 1 ? 'listen' : 'listens'}` : ''}
        </p>
      </div>
      <AudioPlayer src={recording.audioUrl} peaks={recording.peaks} duration={recording.duration} label={title} />
      <TranscriptState recording={recording} />
      {recording.origin !== 'owner' && (recording.senderName || recording.email) ? (
        <p className="recording-card__meta">From {recording.senderName ?? recording.email}</p>
      ) : null}
      <div className="recording-card__actions">
        <CopyLinkField url={link} label={`Link to ${title}`} hideLabel />
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${title}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** A written contact-form message: who sent it and what they wrote. */
function WrittenMessageItem({ recording, onDelete }: { recording: Recording; onDelete(): void }) {
  const title = recording.subject ?? 'Written message';
  return (
    <li className="recording-card">
      <div className="recording-card__head">
        <h2 className="recording-card__title">{title}</h2>
        <p className="recording-card__meta">
          {dateFormat.format(new Date(recording.uploadDate))} · from {recording.senderName ?? recording.email ?? 'a visitor'}
          {recording.email ? (
            <>
              {' '}
              · <a href={`mailto:${recording.email}`}>{recording.email}</a>
            </>
          ) : null}
        </p>
      </div>
      <p className="recording-card__message">{recording.message}</p>
      <div className="recording-card__actions">
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${title}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** Where the message's transcript stands; a failed one can be asked for again. */
function TranscriptState({ recording }: { recording: Recording }) {
  const [status, setStatus] = useState(recording.transcriptionStatus);
  const [problem, setProblem] = useState<string | null>(null);
  if (status === 'loading') return <p className="recording-card__meta">Transcribing…</p>;
  if (status === 'complete') return <p className="recording-card__meta">Transcript ready on the listen page</p>;
  if (status !== 'error') return null;
  return (
    <div className="recording-card__transcript-failed">
      <p className="recording-card__meta">{problem ?? 'The transcript could not be made.'}</p>
      <Button
        variant="secondary"
        size="sm"
        loadingLabel="Asking again…"
        onClick={async () => {
          const result = await webApi().retryTranscription(recording.id);
          if (result.ok) setStatus(result.data.status);
          else setProblem(result.error.msg);
        }}
      >
        Try the transcript again
      </Button>
    </div>
  );
}
