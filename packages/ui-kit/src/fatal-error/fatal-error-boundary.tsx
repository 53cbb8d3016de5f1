import { FatalErrorCatcher, type FatalErrorBoundaryProps } from './fatal-error-catcher.tsx';
import { FatalErrorScreen } from './fatal-error-screen.tsx';

export type { FatalErrorBoundaryProps, FatalErrorCatcherProps, FatalErrorReport, FatalErrorSource } from './fatal-error-catcher.tsx';

/**
 * Shows the fatal-error screen when its subtree throws while rendering (and, by default, when
 * any error goes unhandled), logs the error under the spec's title and reports it through
 * onError. Continue clears the error and renders the subtree again.
 */
export function FatalErrorBoundary(props: FatalErrorBoundaryProps) {
  return <FatalErrorCatcher {...props} screen={FatalErrorScreen} />;
}
