import { useCallback, useEffect, useState } from 'react';
import { browserMediaDevices, listAudioInputs, type AudioInput } from '@vocal/recorder-core';

/** Chromium lists the system's choices again under these ids; the picker's own "Default microphone" covers them. */
const ALIASES = new Set(['default', 'communications']);

export type NamesRequest = { status: 'idle' } | { status: 'asking' } | { status: 'refused'; message: string };

/**
 * The microphones for the settings picker. Browsers hide their names until the microphone has
 * been allowed once, so `askForNames` asks, only when the person presses the button (never on
 * load), closes the microphone at once and lists again.
 */
export function useMicrophoneList() {
  const devices = browserMediaDevices();
  const [inputs, setInputs] = useState<AudioInput[] | null>(null);
  const [request, setRequest] = useState<NamesRequest>({ status: 'idle' });

  const refresh = useCallback(async () => {
    const all = await listAudioInputs(devices).catch(() => []);
    setInputs(all.filter((input) => !ALIASES.has(input.deviceId)));
  }, [devices]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const askForNames = useCallback(async () => {
    if (!devices) return;
    setRequest({ status: 'asking' });
    try {
      const stream = await devices.getUserMedia({ audio: true });
      for (const track of stream.getTracks()) track.stop();
      setRequest({ status: 'idle' });
    } catch {
      setRequest({
        status: 'refused',
        message:
          'The browser did not allow the microphone, so it keeps the names hidden. Allow it from the icon in the address bar, then try again.',
      });
    }
    await refresh();
  }, [devices, refresh]);

  const named = inputs?.some((input) => input.label !== '') ?? false;
  return { supported: devices !== null, inputs, named, request, askForNames };
}
