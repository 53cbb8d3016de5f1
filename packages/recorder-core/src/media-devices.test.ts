import { describe, expect, it } from 'vitest';
import { captureFailureReason, listAudioInputs, openMicrophone, type MediaDevicesLike } from './media-devices.ts';

const stream = {} as MediaStream;

function devicesWith(answer: (constraints: MediaStreamConstraints) => MediaStream) {
  const asked: MediaStreamConstraints[] = [];
  const devices: MediaDevicesLike = {
    getUserMedia: async (constraints = {}) => {
      asked.push(constraints);
      return answer(constraints);
    },
    enumerateDevices: async () =>
      [
        { kind: 'audioinput', deviceId: 'a', label: 'Desk mic', groupId: 'g' },
        { kind: 'videoinput', deviceId: 'v', label: 'Camera', groupId: 'g' },
      ] as MediaDeviceInfo[],
  };
  return { devices, asked };
}

describe('media devices', () => {
  it('names each getUserMedia error as a failure the UI can word', () => {
    expect(captureFailureReason(new DOMException('', 'NotAllowedError'))).toBe('permission-denied');
    expect(captureFailureReason(new DOMException('', 'SecurityError'))).toBe('permission-denied');
    expect(captureFailureReason(new DOMException('', 'NotFoundError'))).toBe('no-device');
    expect(captureFailureReason(new DOMException('', 'OverconstrainedError'))).toBe('no-device');
    expect(captureFailureReason(new DOMException('', 'NotReadableError'))).toBe('device-busy');
    expect(captureFailureReason(new Error('anything else'))).toBe('capture-failed');
  });

  it('lists microphones only', async () => {
    const { devices } = devicesWith(() => stream);
    expect(await listAudioInputs(devices)).toEqual([{ deviceId: 'a', label: 'Desk mic', groupId: 'g' }]);
    expect(await listAudioInputs(null)).toEqual([]);
  });

  it('opens the chosen device exactly, and falls back to the default when it is gone', async () => {
    const { devices, asked } = devicesWith((constraints) => {
      const audio = constraints.audio as MediaTrackConstraints;
      if (audio.deviceId) throw new DOMException('gone', 'OverconstrainedError');
      return stream;
    });
    expect(await openMicrophone(devices, 'unplugged', { autoGainControl: false })).toBe(stream);
    expect(asked).toEqual([{ audio: { autoGainControl: false, deviceId: { exact: 'unplugged' } } }, { audio: { autoGainControl: false } }]);
  });

  it('does not fall back when the user refused', async () => {
    const { devices, asked } = devicesWith(() => {
      throw new DOMException('no', 'NotAllowedError');
    });
    await expect(openMicrophone(devices, 'chosen')).rejects.toMatchObject({ name: 'NotAllowedError' });
    expect(asked).toHaveLength(1);
  });
});
