import './listen.css';
import { lazy, Suspense, useRef, useState } from 'react';
import type { PublicListenPayload } from '@vocal/settings-model';
import { AudioPlayer, Button, Spinner, ThemeProvider, type AudioPlayerHandle } from '@vocal/ui-kit';
import { messageTitle } from '@vocal/ui-kit';
import { ShareMenu } from './share-menu.tsx';
import { hasStoredSession } from './stored-session.ts';
import { TranscriptPanel } from './transcript-panel.tsx';
import { usePlayerShortcuts } from './use-player-shortcuts.ts';
import type { Viewer } from './viewer.ts';

const ListenInteractions = lazy(() => import('./listen-interactions.tsx'));
// Only the settings page's preview renders the comments without their API-talking chunk.
const CommentsSection = lazy(() => import('./comments-section.tsx').then((module) => ({ default: module.CommentsSection })));
const ReplyPanel = lazy(() => import('./reply-panel.tsx'));
// The owner's tools load only for a browser with a session: visitors never download them.
const OwnerBar = lazy(() => import('./owner-bar.tsx'));
const OwnerTranscript = lazy(() => import('./owner-transcript.tsx'));

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/**
 * The playing time the page itself keeps, in tenths of a second. The player follows the audio on
 * every frame for its own moving waveform, but this page uses the time only to light the sentence
 * being read, and keeping the exact time re-rendered the whole page 60 times a second for as long
 * as anyone listened. React skips a state update to an equal value: ten renders a second instead.
 */
const readAlongTime = (seconds: number) => Math.floor(seconds * 10) / 10;

const fileName = (title: string) =>
  `${
    title
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 60) || 'Voice message'
  }.mp3`;

/**
 * The listen page: the sender, the message with its player and transcript, download and
 * share, the owner's call to action, replies and comments, in the owner's theme. Every
 * user-set string is rendered as text.
 *
 * `preview`: the settings page's live preview of this very page, as a visitor sees it. It
 * talks to no API (no listen counted, no comments fetched, no owner check) and is not a
 * landmark of its own; the settings page makes it inert, a picture of the page.
 */
export function ListenView({ payload, preview = false }: { payload: PublicListenPayload; preview?: boolean }) {
  const { audio, settings, user } = payload;
  const sender = settings.name;
  const [subject, setSubject] = useState(audio.subject);
  const title = messageTitle({ subject, uploadDate: audio.uploadDate });
  const player = useRef<AudioPlayerHandle>(null);
  const playerBox = useRef<HTMLDivElement>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  const [currentTime, setCurrentTime] = useState(0);
  const [replying, setReplying] = useState(false);
  const [viewer, setViewer] = useState<Viewer>(() => (!preview && hasStoredSession() ? { kind: 'checking' } : { kind: 'visitor' }));
  const isVisitor = viewer.kind === 'visitor';
  const Main = preview ? 'div' : 'main';
  usePlayerShortcuts(player, playerBox);
  const pageUrl = typeof window === 'undefined' ? '' : window.location.href.split('#')[0]!;
  const transcript = (
    <TranscriptPanel
      payload={payload}
      currentTime={currentTime}
      onSeek={(seconds) => {
        player.current?.seek(seconds);
        void player.current?.play();
      }}
    />
  );

  return (
    <ThemeProvider theme={settings.theme} className="listen-page">
      <Main className="listen-page__main">
        {settings.logoUrl ? <img className="listen-page__logo" src={settings.logoUrl} alt={`${sender}'s logo`} /> : null}
        {isVisitor ? null : (
          <Suspense fallback={<div className="owner-bar owner-bar--pending" aria-hidden="true" />}>
            <OwnerBar payload={payload} viewer={viewer} onViewer={setViewer} onRenamed={setSubject} pageUrl={pageUrl} />
          </Suspense>
        )}
        <article className="listen-card" aria-labelledby="listen-title">
          <header className="listen-card__sender">
            {user.avatarUrl ? (
              <img className="listen-card__avatar" src={user.avatarUrl} alt="" width={48} height={48} />
            ) : (
              <span className="listen-card__avatar listen-card__avatar--initial" aria-hidden="true">
                {sender.charAt(0).toUpperCase()}
              </span>
            )}
            <p className="listen-card__byline">
              <span>
                {/* "Shared with you" is the visitor's wording; the owner bar says who sent it when. */}
                <span className="listen-card__name">{sender}</span> {isVisitor ? settings.strings.sharedWithYou : null}
              </span>
              {settings.date.shown ? (
                <time className="listen-card__date" dateTime={audio.uploadDate}>
                  {dateFormat.format(new Date(audio.uploadDate))}
                </time>
              ) : null}
              {/* An expiring message says so, to visitors too: they may want to save it before then. */}
              {audio.expiryDate ? (
                <span className="listen-card__date listen-card__expiry">
                  Available until <time dateTime={audio.expiryDate}>{dateFormat.format(new Date(audio.expiryDate))}</time>
                </span>
              ) : null}
            </p>
          </header>
          <h1 id="listen-title" className="listen-card__title">
            {title}
          </h1>
          <div ref={playerBox}>
            <AudioPlayer
              ref={player}
              src={audio.audioUrl}
              peaks={audio.peaks}
              duration={audio.duration}
              label={subject ?? `Voice message from ${sender}`}
              onTimeUpdate={(seconds) => setCurrentTime(readAlongTime(seconds))}
            />
          </div>
          <div className="listen-card__actions">
            {/* The owner may always take their own file; visitors when the owner allows it. */}
            {settings.download.enabled || viewer.kind === 'owner' ? (
              <a className="vk-button vk-button--secondary vk-button--sm vk-button--link" href={audio.audioUrl} download={fileName(title)}>
                <span className="vk-button__layer vk-button__content">Download</span>
              </a>
            ) : null}
            {settings.reply.enabled && !replying ? (
              <Button ref={replyButton} size="sm" onClick={() => setReplying(true)}>
                {settings.reply.label}
              </Button>
            ) : null}
            <ShareMenu url={pageUrl} title={title} recordingId={audio.id} />
            <span className="listen-card__keys" aria-hidden="true">
              Space plays or pauses · ← → skip 5 s
            </span>
          </div>
          {replying ? (
            <Suspense fallback={<Spinner label="Opening the recorder" />}>
              <ReplyPanel
                recordingId={audio.id}
                ownerName={sender}
                isOwner={viewer.kind === 'owner'}
                onRecordingStarts={() => player.current?.pause()}
                onClose={() => {
                  setReplying(false);
                  // The Reply button comes back on the next render: focus returns to it then.
                  requestAnimationFrame(() => replyButton.current?.focus());
                }}
              />
            </Suspense>
          ) : null}
          {viewer.kind === 'owner' ? (
            <Suspense fallback={transcript}>
              <OwnerTranscript
                payload={payload}
                currentTime={currentTime}
                onSeek={(seconds) => {
                  player.current?.seek(seconds);
                  void player.current?.play();
                }}
              />
            </Suspense>
          ) : (
            transcript
          )}
        </article>
        {/* Visitors only, never the owner. Pro: the owner's own call to action (their link), or none;
            a button to our sign-up is not theirs to show. Free: the one line under the comments. */}
        {isVisitor && !settings.branding && settings.cta.enabled && settings.cta.link ? (
          <aside className="listen-cta" aria-label="Call to action">
            <p className="listen-cta__message">{settings.cta.message}</p>
            <a className="vk-button vk-button--primary vk-button--link" href={settings.cta.link} target="_blank" rel="noopener noreferrer">
              <span className="vk-button__layer vk-button__content">{settings.cta.button}</span>
            </a>
          </aside>
        ) : null}
        {preview ? (
          settings.comments.enabled ? (
            <Suspense fallback={null}>
              <div className="listen-page__more">
                <CommentsSection api={null} recordingId={audio.id} isOwner={false} ownerName={null} />
              </div>
            </Suspense>
          ) : null
        ) : (
          <Suspense fallback={null}>
            <div className="listen-page__more">
              <ListenInteractions payload={payload} isOwner={viewer.kind === 'owner'} />
            </div>
          </Suspense>
        )}
        {isVisitor && settings.branding ? (
          <p className="listen-page__branding">
            Sent with Vocal · <a href="/signup">Join for free</a>
          </p>
        ) : null}
      </Main>
    </ThemeProvider>
  );
}
