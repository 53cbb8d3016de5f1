import type { Recorder, RecorderState } from '@vocal/recorder-core';
import { Button } from '../button/button.tsx';
import { formatDuration } from '../format/format-duration.ts';
import { MicrophoneBlockedHelp } from '../microphone/microphone-blocked-help.tsx';
import { useCountdown } from './use-countdown.ts';

/** Failures that come from the microphone, where another window may do better. */
const MICROPHONE_FAILURES = new Set(['permission-denied', 'no-device', 'device-busy', 'unsupported', 'capture-failed']);

export type FailureStepProps = {
  state: Extract<RecorderState, { status: 'failed' }>;
  recorder: Recorder;
  onStart(): Promise<void>;
  planNumber: number;
  upgradeUrl?: string;
  recordInWindow: (() => Promise<void>) | null;
  onStartOver(): void;
};

/** What went wrong, and what can still be done: send what was recorded, retry, or discard. */
export function FailureStep({ state, recorder, onStart, planNumber, upgradeUrl, recordInWindow, onStartOver }: FailureStepProps) {
  const retryIn = useCountdown(state.retryAt);
  const microphone = MICROPHONE_FAILURES.has(state.reason);
  const planLimit = state.reason === 'upload-refused' && /upgrade/i.test(state.message);
  if (state.reason === 'permission-denied' && !state.recording) {
    return (
      <div className="vk-record-flow__panel vk-record-flow__panel--failed" data-state="failed" data-reason={state.reason}>
        <MicrophoneBlockedHelp onTryAgain={onStart} recordInWindow={recordInWindow} />
      </div>
    );
  }
  return (
    <div className="vk-record-flow__panel vk-record-flow__panel--failed" data-state="failed" data-reason={state.reason}>
      <p className="vk-record-flow__headline" role="alert">
        {state.message}
      </p>
      {state.recording ? (
        <p className="vk-record-flow__hint">
          {formatDuration(state.recording.durationSeconds)} recorded and saved on this device.
          {retryIn !== null ? ` Trying again in ${retryIn} s.` : ''}
        </p>
      ) : null}
      <div className="vk-record-flow__actions">
        {state.recording ? (
          <Button onClick={() => recorder.upload()} loadingLabel="Sending…">
            {state.reason === 'device-lost' || state.reason === 'encoder-failed' ? 'Send what was recorded' : 'Try sending again'}
          </Button>
        ) : (
          <Button onClick={onStart}>Try again</Button>
        )}
        {microphone && recordInWindow ? (
          <Button variant="secondary" onClick={recordInWindow} loadingLabel="Recording in another window…">
            Record in a new window
          </Button>
        ) : null}
        {state.recording ? (
          <Button
            variant="ghost"
            onClick={async () => {
              await recorder.discard();
              onStartOver();
            }}
          >
            Discard
          </Button>
        ) : null}
      </div>
      {planLimit && upgradeUrl && planNumber === 0 ? (
        <p className="vk-record-flow__upsell">
          <a href={upgradeUrl}>Upgrade to Pro</a> for unlimited messages.
        </p>
      ) : null}
    </div>
  );
}
