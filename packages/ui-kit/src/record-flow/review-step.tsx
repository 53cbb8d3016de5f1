import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { RecordedMessage } from '@vocal/recorder-core';
import { RECORDING_TITLE_MAX_LENGTH, REVIEW_EXPIRY_CHOICES, type ExpiryChoice } from '@vocal/settings-model';
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
  /** When the link expires (owners only): null hides the choice. */
  expiry?: { value: ExpiryChoice; onChange(value: ExpiryChoice): void } | null;
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
  expiry = null,
  sendLabel,
  error,
  onSend,
  onReRecord,
  onDiscard,
}: ReviewStepProps) {
  const titleInput = useRef<HTMLInputElement>(null);
  const expiryId = useId();
  const length = title?.value.trim().length ?? 0;
  const over = length - RECORDING_TITLE_MAX_LENGTH;
  // Past the limit nothing is sent: the field says by how much, and takes the focus.
  const send = async () => {
    if (over > 0) return titleInput.current?.focus();
    await onSend();
  };

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
          ref={titleInput}
          label="Title"
          value={title.value}
          placeholder={title.placeholder}
          // No maxLength: it would cut a pasted title mid-word without a word. The count says it.
          hint={<span aria-live={over > -20 ? 'polite' : 'off'}>{`${length} of ${RECORDING_TITLE_MAX_LENGTH} characters`}</span>}
          error={over > 0 ? `Too long by ${over} ${over === 1 ? 'character' : 'characters'}: shorten the title to send` : undefined}
          onChange={(event) => title.onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void send();
            }
          }}
        />
      ) : null}
      {expiry ? (
        <div className="vk-record-flow__expiry">
          <label htmlFor={expiryId} className="vk-record-flow__expiry-label">
            Link expires
          </label>
          <select
            id={expiryId}
            className="vk-record-flow__expiry-select"
            value={expiry.value}
            onChange={(event) => expiry.onChange(event.target.value as ExpiryChoice)}
          >
            {REVIEW_EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
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
          onClick={send}
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
