import type { PublicListenPayload } from '@vocal/settings-model';
import { AudioPlayer, ThemeProvider } from '@vocal/ui-kit';

/** The player alone, for an iframe: who sent it, its title, the player and a way to the listen page. */
export function EmbedPlayer({ payload }: { payload: PublicListenPayload }) {
  const { audio, settings } = payload;
  const title = audio.subject ?? `Voice message from ${settings.name}`;
  const listenUrl = `${window.location.origin}/listen/${audio.id}`;
  return (
    <ThemeProvider theme={settings.theme} className="embed">
      <div className="embed__head">
        <p className="embed__title" title={title}>
          {title}
        </p>
        <a className="embed__open" href={listenUrl} target="_blank" rel="noopener">
          Open in Vocal
        </a>
      </div>
      <AudioPlayer src={audio.audioUrl} peaks={audio.peaks} duration={audio.duration} label={title} />
    </ThemeProvider>
  );
}

export function EmbedGone({ message }: { message: string }) {
  return <p className="embed embed--gone">{message}</p>;
}
