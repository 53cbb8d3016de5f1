import { useEffect, useState } from 'react';

export type MicrophonePermission = PermissionState | 'unknown';

/**
 * The browser's microphone permission, followed as it changes (Firefox and Safari before 16
 * cannot be asked: 'unknown').
 */
export function useMicrophonePermission(): MicrophonePermission {
  const [permission, setPermission] = useState<MicrophonePermission>('unknown');
  useEffect(() => {
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const update = () => status && setPermission(status.state);
    navigator.permissions
      ?.query({ name: 'microphone' as PermissionName })
      .then((answer) => {
        if (cancelled) return;
        status = answer;
        update();
        status.addEventListener('change', update);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      status?.removeEventListener('change', update);
    };
  }, []);
  return permission;
}
