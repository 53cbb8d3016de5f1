import './microphone.css';
import { useState } from 'react';
import { Button } from '../button/button.tsx';
import { browserFamily } from './browser-family.ts';
import { unblockSteps } from './unblock-steps.ts';

export type MicrophoneBlockedHelpProps = {
  /** Asks for the microphone again. */
  onTryAgain(): Promise<void>;
  /** Where the host adapter can record in a window of our own, which has its own permission. */
  recordInWindow: (() => Promise<void>) | null;
  /** navigator.userAgent by default. */
  userAgent?: string;
};

/**
 * The microphone is blocked: how to allow it in this very browser, a Try again that asks
 * again, and the window fallback where a host blocks it. A blocked site cannot prompt again,
 * so Try again first checks the permission and says so, rather than doing nothing visible.
 */
export function MicrophoneBlockedHelp({ onTryAgain, recordInWindow, userAgent }: MicrophoneBlockedHelpProps) {
  const help = unblockSteps(browserFamily(userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent)));
  const [stillBlocked, setStillBlocked] = useState(false);
  const tryAgain = async () => {
    const state = await navigator.permissions
      ?.query({ name: 'microphone' as PermissionName })
      .then((status) => status.state)
      .catch(() => null);
    if (state === 'denied') {
      setStillBlocked(true);
      return;
    }
    setStillBlocked(false);
    await onTryAgain();
  };
  const steps = (
    <>
      <ol className="vk-microphone-blocked__steps">
        {help.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {stillBlocked ? (
        <p className="vk-microphone-blocked__still" role="status">
          It is still blocked: change the setting first (step 1), then press Try again.
        </p>
      ) : null}
    </>
  );
  return (
    <div className="vk-microphone-blocked">
      {/* A heading may not take the alert role itself: the alert wraps it. */}
      <div role="alert">
        <h2 className="vk-microphone-blocked__title">Microphone access was blocked</h2>
      </div>
      {recordInWindow ? (
        // Inside a host (Outlook, Teams, a helpdesk) the block is usually the host's, which the
        // person cannot lift from the address bar: the window of ours is the way that works.
        <>
          <p className="vk-microphone-blocked__text">
            This panel cannot use your microphone here. A window of ours can: record there, and the link comes back to this panel.
          </p>
          <div className="vk-microphone-blocked__actions">
            <Button onClick={recordInWindow} loadingLabel="Recording in another window…">
              Record in a new window
            </Button>
          </div>
          <p className="vk-microphone-blocked__text">Or allow it for this site in {help.browser}:</p>
          {steps}
          <div className="vk-microphone-blocked__actions">
            <Button variant="secondary" onClick={tryAgain}>
              Try again
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="vk-microphone-blocked__text">To record, allow it for this site in {help.browser}:</p>
          {steps}
          <div className="vk-microphone-blocked__actions">
            <Button onClick={tryAgain}>Try again</Button>
          </div>
        </>
      )}
    </div>
  );
}
