import { useMemo, type ComponentProps } from 'react';
import type { Theme } from '@vocal/settings-model';
import { ThemeScope } from './theme-scope.tsx';
import { themeVariables } from './theme-variables.ts';

export type ThemeProviderProps = Omit<ComponentProps<'div'>, 'ref'> & { theme: Theme };

/**
 * Applies a theme to its subtree as CSS custom properties, and brings in the base stylesheet
 * and the bundled Inter font, so rendering one provider is all an app does to get the styles.
 */
export function ThemeProvider({ theme, ...rest }: ThemeProviderProps) {
  const { primary, neutral, background, font, preset, name } = theme;
  const variables = useMemo(
    () => themeVariables({ primary, neutral, background, font, preset, name }),
    [primary, neutral, background, font, preset, name],
  );
  return <ThemeScope {...rest} variables={variables} />;
}
