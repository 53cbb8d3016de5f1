import { useEffect, useState } from 'react';
import type { Recorder, RecorderState, RecordingPlan } from '@vocal/recorder-core';
import { Button } from '../button/button.tsx';
import { ConfirmDialog } from '../dialog/confirm-dialog.tsx';
import { formatDuration } from '../format/format-duration.ts';
import { classNames } from '../internal/class-names.ts';
import { LevelMeter, levelStep } from '../level-meter/level-meter.tsx';

/** The plan's limit is announced this many seconds before it stops the recording. */
export const LIMIT_WARNING_SECONDS = 10;
/** Cancelling a take longer than this asks first: that much speech is worth a second click. */
export const CANCEL_CONFIRM_SECONDS = 10;

export type RecordingStepProps = {
  state: Extract<RecorderState, { status: 'recording' | 'paused' }>;
  recorder: Recorder;
  plan: RecordingPlan;
  stopLabel?: string;
  /** Throws the take away and goes back to the start. */
  onCancel(): Promise<void>;
};

/**
 * While capturing: the clock, the meter, Stop, Cancel, and Pause/Resume where the plan allows
 * it. Paused is unmistakable (label, icon, frozen clock, flat meter); the last seconds before
 * the plan's limit are shown in words, not only in colour.
 */
export function RecordingStep({ state, recorder, plan, stopLabel, onCancel }: RecordingStepProps) {
  const paused = state.status === 'paused';
  const stopping = state.stopping !== null;
  const nearLimit = state.remainingSeconds !== null && state.remainingSeconds <= LIMIT_WARNING_SECONDS;
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  const cancel = async () => {
    if (state.elapsedSeconds > CANCEL_CONFIRM_SECONDS) {
      setConfirmingCancel(true);
      return;
    }
    await onCancel();
  };

  return (
    <div className={classNames('vk-record-flow__panel', paused && 'vk-record-flow__panel--paused')} data-state={state.status}>
      {paused ? (
        <p className="vk-record-flow__paused-badge">
          <span className="vk-record-flow__paused-icon" aria-hidden="true" />
          Paused
        </p>
      ) : null}
      <div className={classNames('vk-record-flow__clock', nearLimit && 'vk-record-flow__clock--warning')} data-warning={nearLimit}>
        <span className="vk-record-flow__elapsed">{formatDuration(state.elapsedSeconds)}</span>
        {state.remainingSeconds !== null ? (
          <span className="vk-record-flow__remaining">
            {nearLimit
              ? `${Math.ceil(state.remainingSeconds)} s left: recording stops at the limit`
              : `${formatDuration(state.remainingSeconds)} left`}
          </span>
        ) : null}
      </div>
      {/* Said once: the text stays the same until the recording ends. */}
      <p className="vk-visually-hidden" role="status">
        {nearLimit ? `Less than ${LIMIT_WARNING_SECONDS} seconds left before the recording stops.` : ''}
      </p>
      <RecordingLevel recorder={recorder} paused={paused} />
      <div className="vk-record-flow__controls">
        <button type="button" className="vk-record-button vk-record-button--stop" onClick={() => void recorder.stop()} disabled={stopping}>
          <span className="vk-record-button__icon" aria-hidden="true" />
          <span className="vk-record-button__label">{stopLabel ?? 'Stop recording'}</span>
        </button>
      </div>
      <div className="vk-record-flow__actions">
        {plan.pausing ? (
          paused ? (
            <Button variant="secondary" onClick={() => recorder.resume()} disabled={stopping}>
              Resume
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => recorder.pause()} disabled={stopping}>
              Pause
            </Button>
          )
        ) : null}
        <Button variant="ghost" onClick={cancel} disabled={stopping} loadingLabel="Cancelling…">
          Cancel
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingCancel}
        onClose={() => setConfirmingCancel(false)}
        title="Discard this recording?"
        description={`${formatDuration(state.elapsedSeconds)} recorded so far will be thrown away.`}
        keepLabel="Keep recording"
        confirmLabel="Discard recording"
        onConfirm={async () => {
          setConfirmingCancel(false);
          await onCancel();
        }}
      />
    </div>
  );
}

/**
 * The recording's level meter, holding the level itself: the recorder reports it 25 times a
 * second, and held by the flow each reading re-rendered the whole flow (clock, buttons, dialogs)
 * to move 24 segments. Only the meter listens now, and only a change of lit segments redraws it.
 */
function RecordingLevel({ recorder, paused }: { recorder: Recorder; paused: boolean }) {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    setLevel(0);
    return recorder.onLevel((next) => setLevel(levelStep(next)));
  }, [recorder]);
  return <LevelMeter value={paused ? 0 : level} />;
}
