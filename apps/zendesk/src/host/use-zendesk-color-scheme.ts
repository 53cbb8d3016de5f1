import { useEffect, useState } from 'react';
import type { ZafClient } from './zaf-client.ts';
import { followColorScheme, type ColorScheme } from './zendesk-color-scheme.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const systemScheme = (): ColorScheme => (typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light');

/** The agent's colour scheme: Zendesk's once it says, else the system's (followed as it changes). */
export function useZendeskColorScheme(client: ZafClient | null): ColorScheme {
  const [system, setSystem] = useState<ColorScheme>(systemScheme);
  const [zendesk, setZendesk] = useState<ColorScheme | null>(null);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const media = matchMedia(DARK_QUERY);
    const onChange = () => setSystem(systemScheme());
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  useEffect(() => {
    if (client) followColorScheme(client, setZendesk);
  }, [client]);
  return zendesk ?? system;
}
