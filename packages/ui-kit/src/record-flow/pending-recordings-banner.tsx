import { useEffect, useState } from 'react';
import { formatDuration } from '../format/format-duration.ts';
import { Button } from '../button/button.tsx';
import { AudioPlayer } from '../audio-player/audio-player.tsx';
import type { PendingRecording } from '@vocal/recorder-core';

/** A pending recording's audio, to listen to before sending or discarding it. */
export type PendingAudio = { audio: Blob; peaks: number[]; durationSeconds: number };

export type PendingRecordingsBannerProps = {
  pending: PendingRecording[];
  onSend(recording: PendingRecording): Promise<void>;
  onDiscard(recording: PendingRecording): Promise<void>;
  /** Reads a pending recording's audio from this device; without it there is no player. */
  loadAudio?(recording: PendingRecording): Promise<PendingAudio | null>;
};

const relativeTime = (epochMs: number) => {
  const minutes = Math.round((Date.now() - epochMs) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return new Date(epochMs).toLocaleDateString();
};

/** Messages recorded earlier on this device that never reached the server, offered again. */
export function PendingRecordingsBanner({ pending, onSend, onDiscard, loadAudio }: PendingRecordingsBannerProps) {
  if (pending.length === 0) return null;
  return (
    <section className="vk-pending" aria-labelledby="vk-pending-title">
      <h2 id="vk-pending-title" className="vk-pending__title">
        {pending.length === 1 ? 'A message was not sent yet' : `${pending.length} messages were not sent yet`}
      </h2>
      <p className="vk-pending__text">It is saved on this device. Listen to it, then send it now or discard it.</p>
      <ul className="vk-pending__list">
        {pending.map((recording) => (
          <PendingItem key={recording.localId} recording={recording} onSend={onSend} onDiscard={onDiscard} loadAudio={loadAudio} />
        ))}
      </ul>
    </section>
  );
}

type PendingItemProps = Omit<PendingRecordingsBannerProps, 'pending'> & { recording: PendingRecording };

function PendingItem({ recording, onSend, onDiscard, loadAudio }: PendingItemProps) {
  const audio = usePendingAudio(recording, loadAudio);
  const recorded = `Recorded ${relativeTime(recording.createdAt)}`;
  return (
    <li className="vk-pending__item">
      <span className="vk-pending__meta">
        {formatDuration(recording.durationSeconds)} · recorded {relativeTime(recording.createdAt)}
        {recording.interrupted ? ' · the recording was cut short' : ''}
      </span>
      {audio ? (
        <AudioPlayer
          className="vk-pending__player"
          src={audio.url}
          peaks={audio.peaks}
          duration={audio.durationSeconds}
          label={`Unsent message, ${recorded.toLowerCase()}`}
        />
      ) : null}
      <span className="vk-pending__actions">
        <Button size="sm" onClick={() => onSend(recording)} loadingLabel="Sending…">
          Send it now
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDiscard(recording)}>
          Discard
        </Button>
      </span>
    </li>
  );
}

/** The recording's audio as an object URL, released when the item goes away. */
function usePendingAudio(recording: PendingRecording, loadAudio: PendingRecordingsBannerProps['loadAudio']) {
  const [audio, setAudio] = useState<{ url: string; peaks: number[]; durationSeconds: number } | null>(null);
  useEffect(() => {
    if (!loadAudio) return;
    let url: string | null = null;
    let cancelled = false;
    loadAudio(recording)
      .then((loaded) => {
        if (cancelled || !loaded || loaded.audio.size === 0) return;
        url = URL.createObjectURL(loaded.audio);
        setAudio({ url, peaks: loaded.peaks, durationSeconds: loaded.durationSeconds });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
      setAudio(null);
    };
  }, [recording, loadAudio]);
  return audio;
}
