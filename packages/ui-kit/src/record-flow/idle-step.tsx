import type { ReactNode } from 'react';
import type { RecordingPlan } from '@vocal/recorder-core';
import { formatDuration } from '../format/format-duration.ts';

export type IdleStepProps = {
  /** True while the browser asks for the microphone: Start waits. */
  askingPermission: boolean;
  plan: RecordingPlan;
  startLabel?: string;
  upgradeUrl?: string;
  /** The microphone picker and test meter (packages/ui-kit/src/microphone), under Start. */
  microphone?: ReactNode;
  onStart(): Promise<void>;
};

/**
 * Before recording: the Start button, what the plan allows, and (below the button) the
 * place for the microphone's own controls, such as a device picker and a test meter.
 */
export function IdleStep({ askingPermission, plan, startLabel, upgradeUrl, microphone, onStart }: IdleStepProps) {
  return (
    <div className="vk-record-flow__panel" data-state={askingPermission ? 'asking-permission' : 'idle'}>
      <div className="vk-record-flow__clock" aria-hidden="true">
        <span className="vk-record-flow__elapsed">{formatDuration(0)}</span>
        {plan.maxRecordingSeconds !== null ? (
          <span className="vk-record-flow__remaining">{formatDuration(plan.maxRecordingSeconds)} left</span>
        ) : null}
      </div>
      <p className="vk-record-flow__hint">
        {askingPermission
          ? 'Allow access to your microphone when your browser asks.'
          : plan.maxRecordingSeconds !== null
            ? `Messages can be up to ${formatDuration(plan.maxRecordingSeconds)} long${upgradeUrl ? ' on the Free plan' : ''}.`
            : 'Press the button and speak. Stop when you are done.'}
      </p>
      <div className="vk-record-flow__controls">
        <button type="button" className="vk-record-button" onClick={() => void onStart()} disabled={askingPermission}>
          <span className="vk-record-button__icon" aria-hidden="true" />
          <span className="vk-record-button__label">{startLabel ?? 'Start recording'}</span>
        </button>
      </div>
      {microphone}
      {plan.maxRecordingSeconds !== null && upgradeUrl ? (
        <p className="vk-record-flow__upsell">
          Need longer messages or pauses? <a href={upgradeUrl}>Upgrade to Pro</a>
        </p>
      ) : null}
    </div>
  );
}
