import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { LoadingBar } from './loading-bar.tsx';
import { LoadingBarContext, type LoadingBarControls } from './loading-bar-context.ts';
import { createLoadingBarController, type LoadingBarController, type LoadingBarTimings } from './loading-bar-controller.ts';

export type LoadingBarProviderProps = {
  children?: ReactNode;
  /** Only for tests and demos; the spec's timings are the default. */
  timings?: Partial<LoadingBarTimings>;
};

/** Only this component re-renders as the bar moves, never the app below the provider. */
function ConnectedLoadingBar({ controller }: { controller: LoadingBarController }) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  return <LoadingBar {...state} />;
}

/** Renders the top loading bar and gives its controls to useLoadingBar() below. */
export function LoadingBarProvider({ children, timings }: LoadingBarProviderProps) {
  const [controller] = useState(() => createLoadingBarController(timings));
  useEffect(() => () => controller.dispose(), [controller]);
  const controls = useMemo<LoadingBarControls>(
    () => ({ start: controller.start, finish: controller.finish, error: controller.error }),
    [controller],
  );
  return (
    <LoadingBarContext value={controls}>
      <ConnectedLoadingBar controller={controller} />
      {children}
    </LoadingBarContext>
  );
}
