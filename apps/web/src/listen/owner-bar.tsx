import './listen-owner.css';
import { useEffect, useState } from 'react';
import { isProPlan, type PublicListenPayload, type Recording } from '@vocal/settings-model';
import { Button, ButtonLink, copyToClipboard } from '@vocal/ui-kit';
import { InReplyTo } from './in-reply-to.tsx';
import { listenApi } from './listen-api.ts';
import { messageTitle } from '@vocal/ui-kit';
import { EmbedFields } from './embed-fields.tsx';
import { OwnerDelete } from './owner-delete.tsx';
import { OwnerMove } from './owner-move.tsx';
import { OwnerPaywall } from './owner-paywall.tsx';
import { OwnerRename } from './owner-rename.tsx';
import { useOwnerAccount } from './use-owner-account.ts';
import { useViewsTotal } from './use-views-total.ts';
import type { Viewer } from './viewer.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

/**
 * Finds out whether the signed-in person owns this message, and marks it read when they do.
 * An empty edit is the owner-only call that answers the full recording and changes nothing; a
 * refusal (404, 401) means a visitor.
 */
function useOwnerCheck(recordingId: string, viewer: Viewer, onViewer: (viewer: Viewer) => void) {
  const api = listenApi();
  useEffect(() => {
    if (viewer.kind !== 'checking') return;
    let cancelled = false;
    void api.editRecording(recordingId, {}).then((result) => {
      if (cancelled) return;
      onViewer(result.ok ? { kind: 'owner', recording: result.data } : { kind: 'visitor' });
      if (result.ok) void api.markRead([recordingId]);
    });
    return () => {
      cancelled = true;
    };
  }, [api, recordingId, viewer.kind, onViewer]);
}

/**
 * The owner's tools above their own message: who sent it when, listens, rename, copy link,
 * embed, move and delete. While the check runs it holds the bar's room, so nothing jumps.
 */
export default function OwnerBar({
  payload,
  viewer,
  onViewer,
  onRenamed,
  pageUrl,
}: {
  payload: PublicListenPayload;
  viewer: Viewer;
  onViewer(viewer: Viewer): void;
  onRenamed(subject: string | null): void;
  pageUrl: string;
}) {
  useOwnerCheck(payload.audio.id, viewer, onViewer);
  if (viewer.kind === 'owner')
    return <OwnerTools payload={payload} recording={viewer.recording} onViewer={onViewer} onRenamed={onRenamed} pageUrl={pageUrl} />;
  return viewer.kind === 'checking' ? <div className="owner-bar owner-bar--pending" aria-hidden="true" /> : null;
}

function OwnerTools({
  payload,
  recording,
  onViewer,
  onRenamed,
  pageUrl,
}: {
  payload: PublicListenPayload;
  recording: Recording;
  onViewer(viewer: Viewer): void;
  onRenamed(subject: string | null): void;
  pageUrl: string;
}) {
  const api = listenApi();
  const account = useOwnerAccount(api);
  const listens = useViewsTotal(api, recording.id, account !== null && isProPlan(account.plan));
  const [panel, setPanel] = useState<'none' | 'rename' | 'embed'>('none');
  const [copied, setCopied] = useState(false);
  const title = messageTitle(recording);
  const when = dateFormat.format(new Date(recording.uploadDate));
  const fromVisitor = recording.origin !== 'owner';

  return (
    <section className="owner-bar" aria-label="Your message">
      <div className="owner-bar__head">
        <p className="owner-bar__who">
          {fromVisitor ? `${recording.senderName ?? 'Someone'} sent you this on ${when}` : `You sent this on ${when}`}
        </p>
        <p className="owner-bar__listens">{listens === null ? '\u00a0' : `${listens} ${listens === 1 ? 'listen' : 'listens'}`}</p>
      </div>
      {recording.replyTo ? <InReplyTo api={api} messageId={recording.replyTo} /> : null}
      {panel === 'rename' ? (
        <OwnerRename
          api={api}
          recordingId={recording.id}
          subject={recording.subject}
          onDone={(renamed) => {
            setPanel('none');
            if (renamed === undefined) return;
            onRenamed(renamed);
            onViewer({ kind: 'owner', recording: { ...recording, subject: renamed } });
          }}
        />
      ) : (
        <div className="owner-bar__row">
          <Button size="sm" variant="secondary" onClick={() => setPanel('rename')}>
            Rename
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={async () => {
              setCopied(await copyToClipboard(pageUrl));
            }}
          >
            {copied ? 'Link copied' : 'Copy link'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={panel === 'embed'}
            onClick={() => setPanel(panel === 'embed' ? 'none' : 'embed')}
          >
            Embed
          </Button>
          {fromVisitor ? null : (
            <ButtonLink size="sm" variant="secondary" href={`/analytics/${recording.id}`}>
              Analytics
            </ButtonLink>
          )}
          <OwnerDelete api={api} recordingId={recording.id} title={title} />
        </div>
      )}
      {panel === 'embed' ? <EmbedFields pageUrl={pageUrl} recordingId={payload.audio.id} title={title} /> : null}
      <OwnerMove
        api={api}
        recordingId={recording.id}
        folderId={recording.folderId}
        onMoved={(folderId) => onViewer({ kind: 'owner', recording: { ...recording, folderId } })}
      />
      {account ? <OwnerPaywall messages={account.messages} /> : null}
    </section>
  );
}
