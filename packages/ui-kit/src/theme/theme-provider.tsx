import '@fontsource-variable/inter';
import '../styles/base.css';
import { useMemo, useState, type CSSProperties, type ComponentProps } from 'react';
import type { Theme } from '@vocal/settings-model';
import { classNames } from '../internal/class-names.ts';
import { ThemeRootContext } from './theme-root-context.ts';
import { themeVariables } from './theme-variables.ts';

export type ThemeProviderProps = Omit<ComponentProps<'div'>, 'ref'> & { theme: Theme };

/**
 * Applies a theme to its subtree as CSS custom properties, and brings in the base stylesheet
 * and the bundled Inter font, so rendering one provider is all an app does to get the styles.
 */
export function ThemeProvider({ theme, className, style, children, ...rest }: ThemeProviderProps) {
  const { primary, neutral, background, font, preset, name } = theme;
  const variables = useMemo(
    () => themeVariables({ primary, neutral, background, font, preset, name }),
    [primary, neutral, background, font, preset, name],
  );
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  return (
    <ThemeRootContext value={root}>
      <div
        {...rest}
        ref={setRoot}
        className={classNames('vk-theme', className)}
        data-vk-scheme={variables['--vk-color-scheme']}
        style={{ ...(variables as CSSProperties), ...style }}
      >
        {children}
      </div>
    </ThemeRootContext>
  );
}
