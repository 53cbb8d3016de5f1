import './pages.css';
import { useState } from 'react';
import { BrandHeader, Notice, renderPage } from '@vocal/host-shell';
import { Button } from '@vocal/ui-kit';
import { browserChrome } from '../host/chrome-api.ts';
import { createMicrophoneAccess, type MicrophoneAccess } from '../host/microphone-access.ts';

type Outcome = 'granted' | 'blocked' | 'missing' | null;

/** Asks Chrome for the microphone once, then lets it go: the recording happens elsewhere. */
async function askForMicrophone(): Promise<Exclude<Outcome, null>> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    return 'granted';
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    return name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'blocked';
  }
}

/** The "Allow microphone" tab: a popup or a frame inside Gmail cannot show Chrome's question; a tab can. */
export function PermissionPage({ microphone, ask = askForMicrophone }: { microphone: MicrophoneAccess; ask?: typeof askForMicrophone }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const allow = async () => {
    const answer = await ask();
    if (answer !== 'missing') await microphone.remember(answer === 'granted');
    setOutcome(answer);
  };
  return (
    <main className="permission-page">
      <BrandHeader />
      <h1>Allow Vocal to use your microphone</h1>
      {outcome === 'granted' ? (
        <Notice tone="info">
          The microphone is allowed. Go back to Gmail or the Vocal button in the toolbar and record; you can close this tab.
        </Notice>
      ) : (
        <>
          <p>Vocal records voice messages from Gmail and from its toolbar button. Chrome asks once, here; after that you record there.</p>
          <Button onClick={allow}>Allow microphone</Button>
        </>
      )}
      {outcome === 'missing' ? (
        <Notice tone="error">No microphone was found. Connect one, then press Allow microphone again.</Notice>
      ) : null}
      {outcome === 'blocked' ? (
        <>
          <Notice tone="error">Chrome refused the microphone for Vocal.</Notice>
          <ol aria-label="How to allow the microphone">
            <li>Click the microphone or settings icon in the address bar of this tab.</li>
            <li>Choose Allow for the microphone (or Reset permission).</li>
            <li>Press Allow microphone above once more.</li>
          </ol>
        </>
      ) : null}
    </main>
  );
}

renderPage(<PermissionPage microphone={createMicrophoneAccess(browserChrome())} />);
