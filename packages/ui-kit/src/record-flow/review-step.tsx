import { useLayoutEffect, useState } from 'react';
import type { RecordedMessage } from '@vocal/recorder-core';
import { AudioPlayer } from '../audio-player/audio-player.tsx';
import { Button } from '../button/button.tsx';
import { TextField } from '../text-field/text-field.tsx';

export type ReviewStepProps = {
  recording: RecordedMessage;
  /** Whether the background upload that started at Stop has its link yet. */
  uploaded: boolean;
  /** False for a visitor's take, which goes up only when they press Send. */
  uploadsAtStop: boolean;
  /** "Stopped at the 1-minute limit of Free." when the plan's limit ended the take. */
  limitNotice: string | null;
  /** The title field (owners only): null hides it. */
  title: { value: string; placeholder: string; onChange(value: string): void } | null;
  /** The host's word: "Send" where the message goes somewhere, else "Get link". */
  sendLabel: string;
  /** Why the last Send did not finish (the title could not be saved), if so. */
  error: string | null;
  onSend(): Promise<void>;
  onReRecord(): Promise<void>;
  onDiscard(): Promise<void>;
};

/**
 * After Stop: listen back, name it, then send, record again or throw it away. The upload
 * runs meanwhile (it started at Stop), so Send is instant once it has landed; until then
 * Send waits for it and says so.
 */
export function ReviewStep({
  recording,
  uploaded,
  uploadsAtStop,
  limitNotice,
  title,
  sendLabel,
  error,
  onSend,
  onReRecord,
  onDiscard,
}: ReviewStepProps) {
  // The take is played from this device: no waiting for the upload to listen back. The URL is
  // made and revoked by the same effect: when React runs an effect's cleanup and the effect
  // again on a tree it keeps (a suspended or hidden subtree coming back), the player gets a new
  // URL instead of one already revoked.
  // A layout effect: the player is in place before the step is first painted.
  const [source, setSource] = useState<string | null>(null);
  useLayoutEffect(() => {
    const url = URL.createObjectURL(recording.audio);
    setSource(url);
    return () => URL.revokeObjectURL(url);
  }, [recording.audio]);

  return (
    <div className="vk-record-flow__panel vk-record-flow__panel--review" data-state="review" data-uploaded={uploaded}>
      <p className="vk-record-flow__headline">Listen before you send</p>
      {limitNotice ? (
        <p className="vk-record-flow__notice" data-testid="limit-notice">
          {limitNotice}
        </p>
      ) : null}
      {source ? <AudioPlayer src={source} peaks={recording.peaks} duration={recording.durationSeconds} label="Your recording" /> : null}
      {title ? (
        <TextField
          label="Title"
          value={title.value}
          placeholder={title.placeholder}
          maxLength={200}
          onChange={(event) => title.onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void onSend();
            }
          }}
        />
      ) : null}
      {error ? (
        <p className="vk-record-flow__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="vk-record-flow__review-actions">
        <Button
          className="vk-record-flow__send"
          size="lg"
          onClick={onSend}
          loadingLabel={uploaded ? `${sendLabel}…` : uploadsAtStop ? 'Uploading…' : 'Sending…'}
        >
          {sendLabel}
        </Button>
        <Button variant="secondary" onClick={onReRecord} loadingLabel="Discarding…">
          Re-record
        </Button>
        <Button variant="ghost" onClick={onDiscard} loadingLabel="Discarding…">
          Discard
        </Button>
      </div>
      {uploadsAtStop ? (
        <p className="vk-record-flow__hint" aria-live="polite">
          {uploaded ? 'Uploaded. Your link is ready.' : 'Uploading in the background…'}
        </p>
      ) : (
        <p className="vk-record-flow__hint">Nothing is sent until you press {sendLabel}.</p>
      )}
    </div>
  );
}
