import { useId } from 'react';
import type { AudioInput } from '@vocal/recorder-core';

export type MicrophonePickerProps = {
  inputs: AudioInput[];
  /** The saved choice; null for the system's default microphone. */
  deviceId: string | null;
  onChange(deviceId: string | null): void;
  disabled?: boolean;
};

/**
 * A labelled select of the microphones. A saved device that is not plugged in reads as the
 * default, which is what the recorder falls back to (openMicrophone).
 */
export function MicrophonePicker({ inputs, deviceId, onChange, disabled }: MicrophonePickerProps) {
  const id = useId();
  const known = deviceId !== null && inputs.some((input) => input.deviceId === deviceId);
  return (
    <div className="vk-microphone__picker">
      <label htmlFor={id} className="vk-microphone__label">
        Microphone
      </label>
      <select
        id={id}
        className="vk-microphone__select"
        value={known ? (deviceId ?? '') : ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      >
        <option value="">Default microphone</option>
        {inputs.map((input, index) => (
          <option key={input.deviceId} value={input.deviceId}>
            {input.label || `Microphone ${index + 1}`}
          </option>
        ))}
      </select>
    </div>
  );
}
