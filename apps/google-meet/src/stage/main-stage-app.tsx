import type { PublicListenPayload } from '@vocal/settings-model';
import { AudioPlayer, BrandMark } from '@vocal/ui-kit';

/** What the main stage found for its `?id=`: the message, or why there is none. */
export type StageMessage = { status: 'ready'; payload: PublicListenPayload } | { status: 'gone'; title: string; message: string };

/**
 * The main stage: one message, large, for everyone in the call: who sent it, its title and the
 * player. Each participant presses Play in their own Meet (Meet mutes no one's stage for them).
 */
export function MainStageApp({ message, origin }: { message: StageMessage; origin: string }) {
  if (message.status === 'gone') {
    return (
      <main className="meet-stage meet-stage--gone">
        <BrandMark />
        <h1 className="meet-stage__title">{message.title}</h1>
        <p className="meet-stage__from">{message.message}</p>
      </main>
    );
  }
  const { audio, settings } = message.payload;
  const title = audio.subject?.trim() || 'A voice message';
  return (
    <main className="meet-stage">
      <div className="meet-stage__card">
        <p className="meet-stage__from">
          <BrandMark compact size={24} />
          <span>
            Voice message from <strong>{settings.name}</strong>
          </span>
        </p>
        <h1 className="meet-stage__title">{title}</h1>
        <AudioPlayer className="meet-stage__player" src={audio.audioUrl} peaks={audio.peaks} duration={audio.duration} label={title} />
        <a className="meet-stage__open" href={new URL(`/listen/${audio.id}`, origin).href} target="_blank" rel="noopener">
          Open in Vocal
        </a>
      </div>
    </main>
  );
}
