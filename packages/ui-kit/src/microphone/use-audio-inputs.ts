import { useCallback, useEffect, useState } from 'react';
import { listAudioInputs, type AudioInput, type MediaDevicesLike } from '@vocal/recorder-core';

/** Chromium lists the system's choices again under these ids; the picker's own Default covers them. */
const ALIASES = new Set(['default', 'communications']);

export type MediaDevicesWithEvents = MediaDevicesLike & Partial<Pick<EventTarget, 'addEventListener' | 'removeEventListener'>>;

/**
 * The microphones, listed again when one is plugged in or out and when `refresh` is called
 * (names appear only after the microphone was allowed once). Null until the first listing.
 */
export function useAudioInputs(devices: MediaDevicesWithEvents | null) {
  const [inputs, setInputs] = useState<AudioInput[] | null>(null);
  const refresh = useCallback(async () => {
    const all = await listAudioInputs(devices).catch(() => []);
    setInputs(all.filter((input) => !ALIASES.has(input.deviceId)));
  }, [devices]);

  useEffect(() => {
    void refresh();
    const onChange = () => void refresh();
    devices?.addEventListener?.('devicechange', onChange);
    return () => devices?.removeEventListener?.('devicechange', onChange);
  }, [devices, refresh]);

  return { inputs, refresh };
}
