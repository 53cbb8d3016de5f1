import './public-page-guard.css';
import { ThemeProvider, useSystemTheme } from '@vocal/ui-kit';
import { FatalErrorScreen, type FatalErrorScreenProps } from '@vocal/ui-kit/fatal-error-screen';

/**
 * The app's fatal-error screen in the system's light or dark theme (the page's own theme may be
 * what failed). Loaded with the screen, only once something failed: the theme's palette maths
 * then stays out of the embed player's first load too.
 */
export function SystemThemedFatalScreen(props: FatalErrorScreenProps) {
  const theme = useSystemTheme();
  return (
    <ThemeProvider theme={theme} className="public-page-guard">
      <FatalErrorScreen {...props} />
    </ThemeProvider>
  );
}
