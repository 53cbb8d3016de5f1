import { use } from 'react';
import { ThemeRootContext } from './theme-root-context.ts';

/** The nearest ThemeProvider's element: undefined outside any provider, null before it mounted. */
export function useThemeRoot(): HTMLElement | null | undefined {
  return use(ThemeRootContext);
}
