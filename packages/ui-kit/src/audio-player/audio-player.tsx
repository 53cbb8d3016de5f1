import './audio-player.css';
import { useEffect, useImperativeHandle, useRef, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import { formatDuration } from '../format/format-duration.ts';
import { classNames } from '../internal/class-names.ts';
import { PauseIcon, PlayIcon, RetryIcon } from '../internal/icons.tsx';
import { Spinner } from '../spinner/spinner.tsx';
import { formatPlaybackRate, nextPlaybackRate } from './playback-rates.ts';
import { useAudioPlayback } from './use-audio-playback.ts';
import { Waveform } from './waveform.tsx';

/** What a parent (a read-along transcript, say) can do with the player. */
export type AudioPlayerHandle = {
  play(): Promise<void>;
  pause(): void;
  /** Moves playback to `seconds`, clamped to the recording. */
  seek(seconds: number): void;
  readonly currentTime: number;
  readonly duration: number;
  readonly playing: boolean;
};

export type AudioPlayerProps = {
  src: string;
  /** 0..1, the recording's stored waveform. */
  peaks: readonly number[];
  /** In seconds; shown until the audio's own metadata arrives, so nothing moves when it does. */
  duration: number;
  /** Shown above the controls. */
  title?: string;
  /** Names the player for screen readers when the page already shows its title. */
  label?: string;
  /** The playback position in seconds: up to once a frame while playing, and on every seek. */
  onTimeUpdate?: (seconds: number) => void;
  ref?: Ref<AudioPlayerHandle>;
  className?: string;
};

const ARROW_STEP_SECONDS = 5;
const PAGE_STEP_SHARE = 0.1;

/**
 * The listen page's player: play/pause, a waveform that is also the seek slider (pointer,
 * touch and keyboard), speed, time, buffering and load errors.
 */
export function AudioPlayer({ src, peaks, duration, title, label, onTimeUpdate, ref, className }: AudioPlayerProps) {
  const playback = useAudioPlayback({ src, duration, onTimeUpdate });
  const { playing, currentTime, buffering, error, rate, seek } = playback;
  const total = playback.duration;
  const draggingPointer = useRef<number | null>(null);

  // The handle reads the latest values through a ref, so it is not rebuilt on every frame.
  const latest = useRef({ currentTime, total, playing });
  useEffect(() => {
    latest.current = { currentTime, total, playing };
  });
  useImperativeHandle(
    ref,
    () => ({
      play: playback.play,
      pause: playback.pause,
      seek: playback.seek,
      get currentTime() {
        return latest.current.currentTime;
      },
      get duration() {
        return latest.current.total;
      },
      get playing() {
        return latest.current.playing;
      },
    }),
    [playback.play, playback.pause, playback.seek],
  );

  const seekToPointer = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0 || total <= 0) return;
    const share = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
    seek(share * total);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    draggingPointer.current = event.pointerId;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    seekToPointer(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (draggingPointer.current === event.pointerId) seekToPointer(event);
  };
  const endDrag = () => {
    draggingPointer.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const targets: Record<string, number> = {
      ArrowLeft: currentTime - ARROW_STEP_SECONDS,
      ArrowDown: currentTime - ARROW_STEP_SECONDS,
      ArrowRight: currentTime + ARROW_STEP_SECONDS,
      ArrowUp: currentTime + ARROW_STEP_SECONDS,
      PageDown: currentTime - total * PAGE_STEP_SHARE,
      PageUp: currentTime + total * PAGE_STEP_SHARE,
      Home: 0,
      End: total,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    seek(target);
  };

  const position = formatDuration(currentTime);
  const length = formatDuration(total);
  const progress = total > 0 ? currentTime / total : 0;

  return (
    <div
      className={classNames('vk-player', className)}
      role="group"
      aria-label={(title ?? label) ? `Voice message: ${title ?? label}` : 'Voice message'}
      aria-busy={buffering || undefined}
      data-playing={playing || undefined}
      data-error={error ? true : undefined}
    >
      <audio {...playback.audioProps} />
      {title ? <p className="vk-player__title">{title}</p> : null}
      <button type="button" className="vk-player__play" aria-label={playing ? 'Pause' : 'Play'} onClick={playback.toggle}>
        {buffering ? <Spinner size="sm" decorative /> : playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <div
        className="vk-player__seek"
        role="slider"
        tabIndex={0}
        aria-label="Seek"
        aria-valuemin={0}
        aria-valuemax={Math.round(total)}
        aria-valuenow={Math.floor(currentTime)}
        aria-valuetext={`${position} of ${length}`}
        aria-disabled={error ? true : undefined}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onLostPointerCapture={endDrag}
      >
        <Waveform peaks={peaks} progress={progress} />
      </div>
      <div className="vk-player__meta">
        {error ? (
          <p className="vk-player__error" role="alert">
            <span>{error}</span>
            <button type="button" className="vk-player__retry" onClick={playback.retry}>
              <RetryIcon width={16} height={16} />
              Try again
            </button>
          </p>
        ) : (
          <>
            <p className="vk-player__time">
              <span className="vk-player__position">{position}</span>
              <span aria-hidden="true"> / </span>
              <span className="vk-visually-hidden"> of </span>
              <span>{length}</span>
            </p>
            <span className="vk-visually-hidden" role="status">
              {buffering ? 'Loading audio' : ''}
            </span>
            <button
              type="button"
              className="vk-player__speed"
              aria-label={`Playback speed ${formatPlaybackRate(rate)}`}
              onClick={() => playback.setRate(nextPlaybackRate(rate))}
            >
              {formatPlaybackRate(rate)}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
