import type { ReactNode } from 'react';
import { FatalErrorBoundary, LoadingBarProvider, ThemeProvider, useSystemTheme } from '@vocal/ui-kit';

/** What every page of a host app sits in: the theme, the loading bar and the fatal-error screen. */
export function AppShell({ children }: { children: ReactNode }) {
  const theme = useSystemTheme();
  return (
    <ThemeProvider theme={theme} className="host-root">
      <LoadingBarProvider>
        <FatalErrorBoundary onError={(report) => console.error(report.title, report.error)}>{children}</FatalErrorBoundary>
      </LoadingBarProvider>
    </ThemeProvider>
  );
}
