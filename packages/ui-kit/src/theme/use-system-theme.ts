import { useEffect, useState } from 'react';
import { THEME_PRESETS, type Theme } from '@vocal/settings-model';

const query = '(prefers-color-scheme: dark)';

/** Our own screens follow the system: Light, or Slate when the system is dark. */
export function useSystemTheme(): Theme {
  const [dark, setDark] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const media = matchMedia(query);
    const onChange = () => setDark(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return dark ? THEME_PRESETS.Slate : THEME_PRESETS.Light;
}
