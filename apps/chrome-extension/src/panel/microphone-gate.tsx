import { Button } from '@vocal/ui-kit';
import type { MicrophoneState } from '../host/microphone-access.ts';

/** Before the first recording: where Chrome asks for the microphone, and what to do when it was refused. */
export function MicrophoneGate({ state, openGrantPage }: { state: Exclude<MicrophoneState, 'granted'>; openGrantPage(): Promise<void> }) {
  return (
    <section className="extension-panel__gate" aria-labelledby="microphone-title">
      <h1 id="microphone-title" className="extension-panel__title">
        {state === 'blocked' ? 'The microphone is blocked' : 'Allow the microphone once'}
      </h1>
      <p className="extension-panel__lead">
        {state === 'blocked'
          ? 'Vocal was refused the microphone. Open the Vocal tab to see how to allow it, then come back here.'
          : 'Chrome asks for the microphone in a tab of its own. Allow it there once, then record here.'}
      </p>
      <Button block onClick={openGrantPage}>
        Allow microphone
      </Button>
    </section>
  );
}
