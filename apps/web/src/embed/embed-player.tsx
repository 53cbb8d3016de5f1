import type { PublicListenPayload, ThemeVariables } from '@vocal/settings-model';
import { AudioPlayer, ThemeScope } from '@vocal/ui-kit';

/**
 * The player alone, for an iframe: who sent it, its title, the player and a way to the listen
 * page. `palette` is the owner's theme as the server worked it out (settings-model's themeVariables).
 */
export function EmbedPlayer({ payload, palette }: { payload: PublicListenPayload; palette: ThemeVariables }) {
  const { audio, settings } = payload;
  const title = audio.subject ?? `Voice message from ${settings.name}`;
  const listenUrl = `${window.location.origin}/listen/${audio.id}`;
  return (
    <ThemeScope variables={palette} className="embed">
      {/* A page of its own inside the iframe: its one landmark and heading for screen readers. */}
      <main className="embed__main">
        <div className="embed__head">
          <h1 className="embed__title" title={title}>
            {title}
          </h1>
          <a className="embed__open" href={listenUrl} target="_blank" rel="noopener">
            Open in Vocal
          </a>
        </div>
        <AudioPlayer src={audio.audioUrl} peaks={audio.peaks} duration={audio.duration} label={title} />
      </main>
    </ThemeScope>
  );
}

/**
 * A gone message in someone else's page: the app's light theme and fonts, a short heading and the
 * server's sentence (which says no more for a deleted message than for one that never existed).
 */
export function EmbedGone({
  status,
  message,
  palette,
  listenUrl,
}: {
  status: 401 | 404 | 410;
  message: string;
  palette: ThemeVariables;
  /** A password-protected message's listen page, where its password is asked for. */
  listenUrl?: string;
}) {
  if (status === 401) {
    return (
      <ThemeScope variables={palette} className="embed embed--gone">
        <main className="embed__gone">
          <h1 className="embed__gone-title">A private voice message</h1>
          <p className="embed__gone-text">
            <a href={listenUrl} target="_blank" rel="noopener">
              Open it to type its password
            </a>
          </p>
        </main>
      </ThemeScope>
    );
  }
  return (
    <ThemeScope variables={palette} className="embed embed--gone">
      <main className="embed__gone">
        <h1 className="embed__gone-title">{status === 410 ? 'This voice message has expired' : 'This voice message isn’t available'}</h1>
        <p className="embed__gone-text">{message}</p>
      </main>
    </ThemeScope>
  );
}
