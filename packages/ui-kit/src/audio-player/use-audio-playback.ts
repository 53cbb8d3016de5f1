import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';

export type AudioPlaybackOptions = {
  src: string;
  /** Known before the audio's metadata arrives (the recording's stored duration), in seconds. */
  duration: number;
  /** Every change of the playback position: up to once a frame while playing, and on each seek. */
  onTimeUpdate?: (seconds: number) => void;
};

export type AudioPlayback = {
  /** Spread on the <audio> element. */
  audioProps: ComponentProps<'audio'>;
  playing: boolean;
  currentTime: number;
  duration: number;
  /** Waiting for data: after asking to play, or when playback stalled. */
  buffering: boolean;
  /** Why the audio cannot be played, ready to show; null when it can. */
  error: string | null;
  rate: number;
  play(): Promise<void>;
  pause(): void;
  toggle(): void;
  seek(seconds: number): void;
  setRate(rate: number): void;
  retry(): void;
};

const HAVE_FUTURE_DATA = 3;

function describeMediaError(error: MediaError | null): string {
  if (error?.code === 2) return 'The voice message could not be loaded. Check your connection and try again.';
  if (error?.code === 3 || error?.code === 4) return 'This voice message could not be played.';
  return 'The voice message could not be loaded.';
}

/**
 * The state of one <audio> element, read from its own events so the element stays the single
 * source of truth, plus the commands the player's controls need.
 */
export function useAudioPlayback({ src, duration: knownDuration, onTimeUpdate }: AudioPlaybackOptions): AudioPlayback {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  const [buffering, setBuffering] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rate, setRateState] = useState(1);
  const [loadedSrc, setLoadedSrc] = useState(src);

  // A new source is a new recording: start over (adjusting state during render, not in an effect).
  if (loadedSrc !== src) {
    setLoadedSrc(src);
    setPlaying(false);
    setCurrentTime(0);
    setMediaDuration(null);
    setBuffering(false);
    setError(null);
  }

  const onTimeUpdateRef = useRef(onTimeUpdate);
  useEffect(() => {
    onTimeUpdateRef.current = onTimeUpdate;
  }, [onTimeUpdate]);

  const duration = mediaDuration ?? (Number.isFinite(knownDuration) && knownDuration > 0 ? knownDuration : 0);

  const publish = useCallback((seconds: number) => {
    setCurrentTime(seconds);
    onTimeUpdateRef.current?.(seconds);
  }, []);

  // timeupdate fires about four times a second: too coarse for a moving waveform or read-along.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last = Number.NaN;
    const follow = () => {
      const audio = audioRef.current;
      if (audio && audio.currentTime !== last) {
        last = audio.currentTime;
        publish(last);
      }
      frame = requestAnimationFrame(follow);
    };
    frame = requestAnimationFrame(follow);
    return () => cancelAnimationFrame(frame);
  }, [playing, publish]);

  const seek = useCallback(
    (seconds: number) => {
      const audio = audioRef.current;
      if (!audio) return;
      const target = Math.max(0, duration > 0 ? Math.min(duration, seconds) : seconds);
      audio.currentTime = target;
      publish(target);
    },
    [duration, publish],
  );

  const play = useCallback(async () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (error) {
      setError(null);
      audio.load();
    }
    if (audio.readyState < HAVE_FUTURE_DATA) setBuffering(true);
    try {
      await audio.play();
    } catch (failure) {
      // A pause() before playback began aborts play(); that is the person's choice, not a failure.
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setBuffering(false);
      setPlaying(false);
      if (failure instanceof DOMException && failure.name === 'NotSupportedError') {
        setError(describeMediaError(audio.error));
      }
    }
  }, [error]);

  const pause = useCallback(() => audioRef.current?.pause(), []);

  const toggle = useCallback(() => {
    if (playing) pause();
    else void play();
  }, [pause, play, playing]);

  const setRate = useCallback((next: number) => {
    const audio = audioRef.current;
    setRateState(next);
    if (!audio) return;
    // The default rate survives load(), so a retry keeps the chosen speed.
    audio.defaultPlaybackRate = next;
    audio.playbackRate = next;
  }, []);

  const retry = useCallback(() => {
    setError(null);
    audioRef.current?.load();
  }, []);

  const readDuration = (audio: HTMLAudioElement) => {
    if (Number.isFinite(audio.duration) && audio.duration > 0) setMediaDuration(audio.duration);
  };

  const audioProps: ComponentProps<'audio'> = {
    ref: audioRef,
    src,
    preload: 'metadata',
    onPlay: () => setPlaying(true),
    onPause: () => {
      setPlaying(false);
      setBuffering(false);
    },
    onEnded: (event) => {
      setPlaying(false);
      setBuffering(false);
      publish(event.currentTarget.duration || duration);
    },
    onTimeUpdate: (event) => publish(event.currentTarget.currentTime),
    onLoadedMetadata: (event) => readDuration(event.currentTarget),
    onDurationChange: (event) => readDuration(event.currentTarget),
    onWaiting: () => setBuffering(true),
    onPlaying: () => setBuffering(false),
    onCanPlay: () => setBuffering(false),
    onRateChange: (event) => setRateState(event.currentTarget.playbackRate),
    onError: (event) => {
      setPlaying(false);
      setBuffering(false);
      setError(describeMediaError(event.currentTarget.error));
    },
  };

  return {
    audioProps,
    playing,
    currentTime,
    duration,
    buffering,
    error,
    rate,
    play,
    pause,
    toggle,
    seek,
    setRate,
    retry,
  };
}
