import { useEffect, useState, type ReactNode } from 'react';
import { THEME_PRESETS, type Theme } from '@vocal/settings-model';
import { ThemeProvider } from '@vocal/ui-kit';

/** Teams' themes ('default', 'dark', 'contrast') as ours: the tab looks like the Teams around it, whatever the system's setting. */
export function themeForTeams(teamsTheme: string | undefined): Theme | null {
  switch (teamsTheme) {
    case 'default':
      return THEME_PRESETS.Light;
    case 'dark':
      return THEME_PRESETS.Slate;
    case 'contrast':
      return THEME_PRESETS.Black;
    default:
      return null;
  }
}

export type TeamsThemeProps = {
  /** The theme Teams named when the page started. */
  initial: string | undefined;
  /** Calls back with Teams' new theme whenever the person changes it. */
  subscribe(handler: (teamsTheme: string) => void): void;
  children: ReactNode;
};

/** Follows Teams' theme, live; where Teams names none, the system's (the shell's own) stays. */
export function TeamsTheme({ initial, subscribe, children }: TeamsThemeProps) {
  const [teamsTheme, setTeamsTheme] = useState(initial);
  useEffect(() => subscribe(setTeamsTheme), [subscribe]);
  const theme = themeForTeams(teamsTheme);
  return theme ? (
    <ThemeProvider theme={theme} className="teams-theme">
      {children}
    </ThemeProvider>
  ) : (
    children
  );
}
