import { useEffect, useState } from 'react';

export type MicrophonePermission = 'unknown' | 'prompt' | 'granted' | 'denied';

/**
 * Whether the page may use the microphone, so a form can explain why it asks before the
 * browser does. Where the Permissions API cannot tell, the person is asked first.
 */
export function useMicrophonePermission() {
  const [permission, setPermission] = useState<MicrophonePermission>('unknown');

  useEffect(() => {
    let status: PermissionStatus | null = null;
    const update = () => status && setPermission(status.state as MicrophonePermission);
    navigator.permissions
      ?.query({ name: 'microphone' as PermissionName })
      .then((result) => {
        status = result;
        update();
        result.addEventListener('change', update);
      })
      .catch(() => setPermission('prompt'));
    if (!navigator.permissions) setPermission('prompt');
    return () => status?.removeEventListener('change', update);
  }, []);

  /** Shows the browser's prompt; the stream is closed at once (the recorder opens its own). */
  const request = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      for (const track of stream.getTracks()) track.stop();
      setPermission('granted');
    } catch {
      setPermission('denied');
    }
  };

  return { permission, request };
}
