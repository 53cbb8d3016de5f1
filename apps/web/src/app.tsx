import { Provider as JotaiProvider } from 'jotai';
import { FatalErrorBoundary, LoadingBarProvider, ThemeProvider, useLoadingBar, useSystemTheme } from '@vocal/ui-kit';
import { isChunkLoadError, reloadForChunkError } from './boot/chunk-reload.ts';
import { NewBuildNotice } from './components/new-build-notice.tsx';
import { captureClientError } from './error-reporting/client-reporter.ts';
import { ErrorReportingScope } from './error-reporting/error-reporting-scope.tsx';

import { AppRoutes } from './routes/app-routes.tsx';
import { SessionProvider } from './session/session-provider.tsx';

function GuardedRoutes() {
  const bar = useLoadingBar();
  return (
    <FatalErrorBoundary
      onError={(report) => {
        // A chunk of an older build is gone after a deploy: reloading fixes it (at most once per 10 s).
        if (isChunkLoadError(report.error) && reloadForChunkError()) return;
        bar.error();
        console.error(report.title, report.error);
        captureClientError(report.error, report.source, report.source === 'render' ? 'fatal' : 'error');
      }}
    >
      <ErrorReportingScope />
      <AppRoutes />
      <NewBuildNotice />
    </FatalErrorBoundary>
  );
}

/** The web app: session, theme, loading bar and the fatal-error screen around the routes. */
export function App() {
  const theme = useSystemTheme();
  return (
    <JotaiProvider>
      <SessionProvider>
        <ThemeProvider theme={theme} className="app-root">
          <LoadingBarProvider>
            <GuardedRoutes />
          </LoadingBarProvider>
        </ThemeProvider>
      </SessionProvider>
    </JotaiProvider>
  );
}
