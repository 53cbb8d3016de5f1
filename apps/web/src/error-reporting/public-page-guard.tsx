import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { FatalErrorCatcher, type FatalErrorReport, type FatalErrorScreenProps } from '@vocal/ui-kit';
import { isChunkLoadError, reloadForChunkError } from '../boot/chunk-reload.ts';

/**
 * The app's fatal-error screen, loaded once something failed: with its button, focus trap and
 * theme maths it is a third of the embed player's budget, and a visitor who meets no error never
 * needs it.
 */
function Screen(props: FatalErrorScreenProps) {
  const [LoadedScreen, setLoadedScreen] = useState<ComponentType<FatalErrorScreenProps> | null>(null);
  useEffect(() => {
    void import('./system-themed-fatal-screen.tsx').then(({ SystemThemedFatalScreen }) => setLoadedScreen(() => SystemThemedFatalScreen));
  }, []);
  return LoadedScreen ? <LoadedScreen {...props} /> : null;
}

/**
 * Reported as the app reports (render errors as fatal). The reporter, and the schema it reads
 * the server's answer with, load only once something failed, for the same reason.
 */
function report({ error, source }: FatalErrorReport) {
  // A chunk of an older build is gone after a deploy: reloading fixes it (at most once per 10 s).
  if (isChunkLoadError(error) && reloadForChunkError()) return;
  void import('./client-reporter.ts').then(({ captureClientError }) =>
    captureClientError(error, source, source === 'render' ? 'fatal' : 'error'),
  );
}

/**
 * The listen and embed pages' safety net: the app's fatal-error screen, in the system's light
 * or dark theme (the page's own theme may be what failed), over or instead of the page, and the
 * error reported like the app's.
 */
export function PublicPageGuard({ children }: { children: ReactNode }) {
  return (
    <FatalErrorCatcher onError={report} screen={Screen}>
      {children}
    </FatalErrorCatcher>
  );
}
