import type { ReactNode } from 'react';
import { DEFAULT_THEME, ThemeProvider as GardenThemeProvider } from '@zendeskgarden/react-theming';
import { ThemeProvider } from '@vocal/ui-kit';
import type { Theme } from '@vocal/settings-model';
import type { ColorScheme } from '../zendesk-color-scheme.ts';

/**
 * The shared record flow dressed as Zendesk: Garden's own blue, greys and system font (its
 * 9.x palette: blue 700 / 600, grey 800 / 300, dark background grey 1100) as the ui-kit
 * theme, so our components sit beside Garden's without a seam.
 */
const ZENDESK_THEMES: Record<ColorScheme, Theme> = {
  light: { name: 'Zendesk', preset: 'Light', primary: '#1F73B7', neutral: '#39434B', background: '#FFFFFF', font: 'system-ui' },
  dark: { name: 'Zendesk dark', preset: 'Slate', primary: '#2694D6', neutral: '#D8DCDE', background: '#151A1E', font: 'system-ui' },
};

/** Garden's theme and ours, in the agent's colour scheme, around a page of the sidebar. */
export function ZendeskLook({ scheme, children }: { scheme: ColorScheme; children: ReactNode }) {
  const garden = { ...DEFAULT_THEME, colors: { ...DEFAULT_THEME.colors, base: scheme } };
  return (
    <GardenThemeProvider theme={garden}>
      <ThemeProvider theme={ZENDESK_THEMES[scheme]} className="zendesk-look">
        {children}
      </ThemeProvider>
    </GardenThemeProvider>
  );
}
