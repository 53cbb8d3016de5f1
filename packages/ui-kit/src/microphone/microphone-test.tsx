import { useEffect, useRef, useState } from 'react';
import { captureFailureReason, FAILURE_MESSAGES, type MediaDevicesLike } from '@vocal/recorder-core';
import { Button } from '../button/button.tsx';
import { LevelMeter, levelStep } from '../level-meter/level-meter.tsx';
import { listenToMicrophone, type MicrophoneListener } from './listen-to-microphone.ts';
import { useDocumentVisible } from './use-document-visible.ts';

export type MicrophoneTestProps = {
  devices: MediaDevicesLike;
  deviceId: string | null;
  /** False once recording starts: the test lets go of the microphone for the recorder. */
  active: boolean;
  /** Starts listening at once (the microphone was allowed before: no prompt appears). */
  autoStart: boolean;
  /** Told once the microphone was opened: device names can be listed now. */
  onOpened?(): void;
};

/**
 * "Test your microphone": a live level meter of the chosen device before recording, so the
 * person sees it hears them (and which one it is) before they press Start. While the page is
 * hidden (a background tab) the test lets go of the microphone, and takes it again when the
 * page is seen: an open, processed microphone kept a fifth of a core busy on an idle page
 * (measured in Chromium), and the browser shows the microphone in use all that time.
 */
export function MicrophoneTest({ devices, deviceId, active, autoStart, onOpened }: MicrophoneTestProps) {
  const [wanted, setWanted] = useState(autoStart);
  const [listening, setListening] = useState(false);
  const [level, setLevel] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const visible = useDocumentVisible();
  const onOpenedRef = useRef(onOpened);
  onOpenedRef.current = onOpened;

  useEffect(() => setWanted((current) => current || autoStart), [autoStart]);

  useEffect(() => {
    if (!wanted || !active || !visible) return;
    let listener: MicrophoneListener | null = null;
    let cancelled = false;
    setError(null);
    listenToMicrophone(devices, deviceId, (next) => !cancelled && setLevel(levelStep(next))).then(
      (opened) => {
        if (cancelled) return opened.stop();
        listener = opened;
        setListening(true);
        onOpenedRef.current?.();
      },
      (failure: unknown) => {
        if (cancelled) return;
        setWanted(false);
        setError(FAILURE_MESSAGES[captureFailureReason(failure)]);
      },
    );
    return () => {
      cancelled = true;
      listener?.stop();
      setListening(false);
      setLevel(0);
    };
  }, [wanted, active, visible, devices, deviceId]);

  return (
    <div className="vk-microphone__test">
      <div className="vk-microphone__meter-row">
        <LevelMeter value={listening ? level : 0} label="Microphone test level" className="vk-microphone__meter" />
        <Button size="sm" variant="secondary" onClick={() => setWanted(!wanted)} aria-pressed={wanted}>
          {wanted ? 'Stop test' : 'Test microphone'}
        </Button>
      </div>
      <p className="vk-microphone__hint" aria-live="polite">
        {error ?? (listening ? 'Speak normally: the bar should move, and stay blue.' : 'Check your microphone before you record.')}
      </p>
    </div>
  );
}
