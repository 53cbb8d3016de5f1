import { lazy, Suspense, useRef, useState } from 'react';
import type { PublicListenPayload } from '@vocal/settings-model';
import { AudioPlayer, Button, Spinner, ThemeProvider, type AudioPlayerHandle } from '@vocal/ui-kit';
import { ShareMenu } from './share-menu.tsx';
import { TranscriptPanel } from './transcript-panel.tsx';
import { usePlayerShortcuts } from './use-player-shortcuts.ts';

const ListenInteractions = lazy(() => import('./listen-interactions.tsx'));
const ReplyPanel = lazy(() => import('./reply-panel.tsx'));

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

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
 */
export function ListenView({ payload }: { payload: PublicListenPayload }) {
  const { audio, settings, user } = payload;
  const sender = settings.name;
  const title = audio.subject ?? 'Voice message';
  const player = useRef<AudioPlayerHandle>(null);
  const [currentTime, setCurrentTime] = useState(0);
  const [replying, setReplying] = useState(false);
  usePlayerShortcuts(player);
  const pageUrl = typeof window === 'undefined' ? '' : window.location.href.split('#')[0]!;

  return (
    <ThemeProvider theme={settings.theme} className="listen-page">
      <main className="listen-page__main">
        {settings.logoUrl ? <img className="listen-page__logo" src={settings.logoUrl} alt={`${sender}'s logo`} /> : null}
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
                <span className="listen-card__name">{sender}</span> {settings.strings.sharedWithYou}
              </span>
              {settings.date.shown ? (
                <time className="listen-card__date" dateTime={audio.uploadDate}>
                  {dateFormat.format(new Date(audio.uploadDate))}
                </time>
              ) : null}
            </p>
          </header>
          <h1 id="listen-title" className="listen-card__title">
            {title}
          </h1>
          <AudioPlayer
            ref={player}
            src={audio.audioUrl}
            peaks={audio.peaks}
            duration={audio.duration}
            label={audio.subject ?? `Voice message from ${sender}`}
            onTimeUpdate={setCurrentTime}
          />
          <div className="listen-card__actions">
            <a className="vk-button vk-button--secondary vk-button--sm vk-button--link" href={audio.audioUrl} download={fileName(title)}>
              <span className="vk-button__layer vk-button__content">Download</span>
            </a>
            {settings.reply.enabled && !replying ? (
              <Button size="sm" onClick={() => setReplying(true)}>
                {settings.reply.label}
              </Button>
            ) : null}
            <ShareMenu url={pageUrl} title={title} />
            <span className="listen-card__keys" aria-hidden="true">
              Space plays or pauses · ← → skip 5 s
            </span>
          </div>
          {replying ? (
            <Suspense fallback={<Spinner label="Opening the recorder" />}>
              <ReplyPanel recordingId={audio.id} ownerName={sender} />
            </Suspense>
          ) : null}
          <TranscriptPanel
            payload={payload}
            currentTime={currentTime}
            onSeek={(seconds) => {
              player.current?.seek(seconds);
              void player.current?.play();
            }}
          />
        </article>
        {settings.cta.enabled ? (
          <aside className="listen-cta" aria-label="Call to action">
            <p className="listen-cta__message">{settings.cta.message}</p>
            <a
              className="vk-button vk-button--primary vk-button--link"
              href={settings.cta.link ?? '/login'}
              target="_blank"
              rel="noopener noreferrer"
            >
              <span className="vk-button__layer vk-button__content">{settings.cta.button}</span>
            </a>
          </aside>
        ) : null}
        {settings.branding ? (
          <p className="listen-page__branding">
            Sent with <a href="/login">Vocal</a>. Record your own voice message, free.
          </p>
        ) : null}
        <Suspense fallback={null}>
          <div className="listen-page__more">
            <ListenInteractions payload={payload} />
          </div>
        </Suspense>
      </main>
    </ThemeProvider>
  );
}

/** A listen link that leads nowhere: deleted, never finished, or expired. */
export function ListenGone({ status, message }: { status: 404 | 410; message: string }) {
  return (
    <main className="listen-page listen-page--state">
      <section className="error-page">
        <h1 className="error-page__title">{status === 410 ? 'This voice message has expired' : 'This voice message is not here'}</h1>
        <p className="error-page__text">{message}</p>
        <a className="error-page__link" href="/login">
          Record your own voice message
        </a>
      </section>
    </main>
  );
}
