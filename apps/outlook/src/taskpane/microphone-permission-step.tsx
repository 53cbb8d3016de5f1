import { Button, Spinner } from '@vocal/ui-kit';
import type { MicrophoneStage } from './use-microphone-permission.ts';

export type MicrophonePermissionStepProps = {
  stage: Exclude<MicrophoneStage, 'ready'>;
  onAllow(): Promise<void>;
};

/** Before the first recording where Outlook guards the microphone: ask Office for it, once. */
export function MicrophonePermissionStep({ stage, onAllow }: MicrophonePermissionStepProps) {
  if (stage === 'reloading') {
    return (
      <div className="microphone-permission microphone-permission--reloading" role="status">
        <Spinner decorative />
        <p className="microphone-permission__lead">Outlook allowed the microphone. Starting Vocal again…</p>
      </div>
    );
  }
  return (
    <section className="microphone-permission" aria-labelledby="microphone-permission-title">
      <h1 id="microphone-permission-title" className="microphone-permission__title">
        Allow the microphone
      </h1>
      <p className="microphone-permission__lead">
        Outlook asks once whether Vocal may use your microphone. Choose <strong>Allow</strong> in Outlook’s window: Vocal starts again,
        still signed in, ready to record.
      </p>
      <Button block onClick={onAllow} loadingLabel="Waiting for Outlook…">
        Allow the microphone
      </Button>
    </section>
  );
}
