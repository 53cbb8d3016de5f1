import { levelFromPeak, openMicrophone, VOICE_CONSTRAINTS, type MediaDevicesLike } from '@vocal/recorder-core';

const UPDATES_PER_SECOND = 25;

export type MicrophoneListener = { stop(): void };

/**
 * Opens a microphone only to measure it: the level (the RMS of the last ~40 ms on the same
 * dBFS scale as the recorder's meter, with the same voice processing the recording gets) about
 * 25 times a second. Nothing is recorded or sent anywhere.
 */
export async function listenToMicrophone(
  devices: MediaDevicesLike,
  deviceId: string | null,
  onLevel: (level: number) => void,
): Promise<MicrophoneListener> {
  const stream = await openMicrophone(devices, deviceId, VOICE_CONSTRAINTS);
  const track = stream.getAudioTracks()[0];
  let context: AudioContext | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    for (const each of stream.getTracks()) each.stop();
    void context?.close().catch(() => undefined);
    context = null;
  };
  try {
    // The track's own rate: headless Chromium's default context rate differs from the device's.
    const rate = track?.getSettings().sampleRate;
    context = rate ? new AudioContext({ sampleRate: rate }) : new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    context.createMediaStreamSource(stream).connect(analyser);
    await context.resume();
    const window = new Float32Array(Math.min(analyser.fftSize, Math.round(context.sampleRate / UPDATES_PER_SECOND)));
    const buffer = new Float32Array(analyser.fftSize);
    timer = setInterval(() => {
      analyser.getFloatTimeDomainData(buffer);
      // The newest samples are at the end of the buffer.
      window.set(buffer.subarray(buffer.length - window.length));
      let squares = 0;
      for (const sample of window) squares += sample * sample;
      onLevel(levelFromPeak(Math.sqrt(squares / window.length)));
    }, 1000 / UPDATES_PER_SECOND);
    return { stop };
  } catch (error) {
    stop();
    throw error;
  }
}
