import { use } from 'react';
import { LoadingBarContext, type LoadingBarControls } from './loading-bar-context.ts';

/** start(), finish() and error() of the nearest LoadingBarProvider. Stable across renders. */
export function useLoadingBar(): LoadingBarControls {
  const controls = use(LoadingBarContext);
  if (!controls) throw new Error('useLoadingBar needs a <LoadingBarProvider> above it.');
  return controls;
}
