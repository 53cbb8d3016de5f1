import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaDevicesLike } from '@vocal/recorder-core';
import { MicrophoneTest } from './microphone-test.tsx';

/** The least of Web Audio the test meter uses, silent. */
class SilentAudioContext {
  sampleRate = 48_000;
  createAnalyser() {
    return { fftSize: 2048, getFloatTimeDomainData: (buffer: Float32Array) => buffer.fill(0) };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  resume = () => Promise.resolve();
  close = () => Promise.resolve();
}

/** Media devices whose microphone counts how often it is opened and let go. */
function countingMicrophone() {
  const counts = { opened: 0, stopped: 0 };
  const devices: MediaDevicesLike = {
    enumerateDevices: () => Promise.resolve([]),
    getUserMedia: () => {
      counts.opened++;
      const track = { getSettings: () => ({ sampleRate: 48_000 }), stop: () => counts.stopped++ };
      return Promise.resolve({ getAudioTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream);
    },
  };
  return { devices, counts };
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('MicrophoneTest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // Back to jsdom's own property.
    delete (document as { visibilityState?: unknown }).visibilityState;
  });

  it('lets go of the microphone while the page is hidden, and takes it again when the page is seen', async () => {
    vi.stubGlobal('AudioContext', SilentAudioContext);
    const { devices, counts } = countingMicrophone();
    render(<MicrophoneTest devices={devices} deviceId={null} active autoStart />);
    await screen.findByText('Speak normally: the bar should move, and stay blue.');
    expect(counts).toEqual({ opened: 1, stopped: 0 });

    setVisibility('hidden');
    expect(counts).toEqual({ opened: 1, stopped: 1 });
    expect(screen.getByRole('button', { name: 'Stop test' })).toBeTruthy();

    setVisibility('visible');
    await screen.findByText('Speak normally: the bar should move, and stay blue.');
    expect(counts).toEqual({ opened: 2, stopped: 1 });
  });
});
