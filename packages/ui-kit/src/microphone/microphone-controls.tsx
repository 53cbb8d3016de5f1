import './microphone.css';
import { useMemo } from 'react';
import { browserMediaDevices } from '@vocal/recorder-core';
import { MicrophonePicker } from './microphone-picker.tsx';
import { MicrophoneTest } from './microphone-test.tsx';
import { useAudioInputs, type MediaDevicesWithEvents } from './use-audio-inputs.ts';
import { useMicrophonePermission } from './use-microphone-permission.ts';

export type MicrophoneControlsProps = {
  deviceId: string | null;
  onDeviceChange(deviceId: string | null): void;
  /** False once Start is pressed: the test meter releases the microphone. */
  active: boolean;
  /** The browser's by default. */
  devices?: MediaDevicesWithEvents | null;
};

/** Before Start: which microphone, and a live meter showing it hears the person. */
export function MicrophoneControls({ deviceId, onDeviceChange, active, devices: given }: MicrophoneControlsProps) {
  const devices = useMemo(() => (given === undefined ? (browserMediaDevices() as MediaDevicesWithEvents | null) : given), [given]);
  const { inputs, refresh } = useAudioInputs(devices);
  const permission = useMicrophonePermission();
  if (!devices) return null;
  return (
    <section className="vk-microphone" aria-label="Microphone">
      {inputs && inputs.length > 0 ? (
        <MicrophonePicker inputs={inputs} deviceId={deviceId} onChange={onDeviceChange} disabled={!active} />
      ) : null}
      {/* A blocked microphone is explained by the Start button's own failure: no second, useless meter. */}
      {permission === 'denied' ? null : (
        <MicrophoneTest
          devices={devices}
          deviceId={deviceId}
          active={active}
          autoStart={permission === 'granted'}
          onOpened={() => void refresh()}
        />
      )}
    </section>
  );
}
