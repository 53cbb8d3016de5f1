import { formatDuration } from '../format/format-duration.ts';
import { Button } from '../button/button.tsx';
import type { PendingRecording } from '@vocal/recorder-core';

export type PendingRecordingsBannerProps = {
  pending: PendingRecording[];
  onSend(recording: PendingRecording): Promise<void>;
  onDiscard(recording: PendingRecording): Promise<void>;
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
export function PendingRecordingsBanner({ pending, onSend, onDiscard }: PendingRecordingsBannerProps) {
  if (pending.length === 0) return null;
  return (
    <section className="vk-pending" aria-labelledby="vk-pending-title">
      <h2 id="vk-pending-title" className="vk-pending__title">
        {pending.length === 1 ? 'A message was not sent yet' : `${pending.length} messages were not sent yet`}
      </h2>
      <p className="vk-pending__text">It is saved on this device. Send it now, or discard it.</p>
      <ul className="vk-pending__list">
        {pending.map((recording) => (
          <li key={recording.localId} className="vk-pending__item">
            <span className="vk-pending__meta">
              {formatDuration(recording.durationSeconds)} · recorded {relativeTime(recording.createdAt)}
              {recording.interrupted ? ' · the recording was cut short' : ''}
            </span>
            <span className="vk-pending__actions">
              <Button size="sm" onClick={() => onSend(recording)} loadingLabel="Sending…">
                Send it now
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onDiscard(recording)}>
                Discard
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
