import type { FailureReason } from './failure-messages.ts';

export type AudioInput = {
  deviceId: string;
  /** Empty until the user has granted the microphone once (browsers hide names before). */
  label: string;
  groupId: string;
};

export type MediaDevicesLike = Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'>;

/** The browser's media devices, or null where there are none (insecure origin, old browser, Node). */
export function browserMediaDevices(): MediaDevicesLike | null {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  return devices ?? null;
}

/** The microphones, for a device picker. */
export async function listAudioInputs(devices: MediaDevicesLike | null = browserMediaDevices()): Promise<AudioInput[]> {
  if (!devices) return [];
  const all = await devices.enumerateDevices();
  return all
    .filter((device) => device.kind === 'audioinput')
    .map((device) => ({ deviceId: device.deviceId, label: device.label, groupId: device.groupId }));
}

/**
 * Browser processing suited to speech; a caller comparing levels (tests) turns it off, because
 * automatic gain control pushes every peak to full scale.
 */
export const VOICE_CONSTRAINTS: MediaTrackConstraints = {
  channelCount: 1,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
};

const errorName = (error: unknown) =>
  error && typeof error === 'object' && 'name' in error && typeof error.name === 'string' ? error.name : '';

/** Which failure a getUserMedia or audio-setup error is, in the words the UI has for it. */
export function captureFailureReason(error: unknown): FailureReason {
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'permission-denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-device';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'device-busy';
    case 'NotSupportedError':
    case 'TypeError':
      return 'unsupported';
    default:
      return 'capture-failed';
  }
}

/**
 * Opens the chosen microphone, or the default one when none is chosen. A chosen device that is
 * gone (unplugged since it was saved in the settings) falls back to the default rather than
 * failing: the user wants to record, not to fix a setting.
 */
export async function openMicrophone(
  devices: MediaDevicesLike,
  deviceId: string | null,
  constraints: MediaTrackConstraints = VOICE_CONSTRAINTS,
): Promise<MediaStream> {
  if (deviceId) {
    try {
      return await devices.getUserMedia({ audio: { ...constraints, deviceId: { exact: deviceId } } });
    } catch (error) {
      const reason = captureFailureReason(error);
      if (reason !== 'no-device') throw error;
    }
  }
  return devices.getUserMedia({ audio: constraints });
}
