import '@fontsource-variable/inter';
import '../styles/base.css';
import { useState, type CSSProperties, type ComponentProps } from 'react';
import type { ThemeVariables } from '@vocal/settings-model';
import { classNames } from '../internal/class-names.ts';
import { ThemeRootContext } from './theme-root-context.ts';

export type ThemeScopeProps = Omit<ComponentProps<'div'>, 'ref'> & { variables: ThemeVariables };

/**
 * Applies a palette already worked out (settings-model's themeVariables) to its subtree, with the
 * base stylesheet and the bundled Inter font. ThemeProvider works it out from a theme; a page the
 * server drew the palette into (the embed player) uses this alone and carries none of the maths.
 */
export function ThemeScope({ variables, className, style, children, ...rest }: ThemeScopeProps) {
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
