import type { Theme } from './theme.ts';

/*
 * The presets as plain data, apart from the schemas: the listen page's small bundle imports
 * these without pulling in zod (bundlers cannot drop module-level schema calls).
 */

export const THEME_PRESET_NAMES = ['Light', 'Slate', 'Black', 'Exotic Black'] as const;
export type ThemePresetName = (typeof THEME_PRESET_NAMES)[number];

export const DEFAULT_FONT = 'Inter';

/** The four presets (spec section 3); every one uses Inter. */
export const THEME_PRESETS: Record<ThemePresetName, Theme> = {
  Light: {
    name: 'Light',
    preset: 'Light',
    primary: '#267EFA',
    neutral: '#475569',
    background: '#FFFFFF',
    font: DEFAULT_FONT,
  },
  Slate: {
    name: 'Slate',
    preset: 'Slate',
    primary: '#60A5FA',
    neutral: '#CBD5E1',
    background: '#1E293B',
    font: DEFAULT_FONT,
  },
  Black: {
    name: 'Black',
    preset: 'Black',
    primary: '#3B8BFF',
    neutral: '#D4D4D4',
    background: '#000000',
    font: DEFAULT_FONT,
  },
  'Exotic Black': {
    name: 'Exotic Black',
    preset: 'Exotic Black',
    primary: '#B794F6',
    neutral: '#E4E4E7',
    background: '#0B0A10',
    font: DEFAULT_FONT,
  },
};

/** Presets that draw light text on a dark background. */
export const DARK_PRESETS: ReadonlySet<ThemePresetName> = new Set(['Slate', 'Black', 'Exotic Black']);

export const DEFAULT_THEMES: Theme[] = THEME_PRESET_NAMES.map((name) => THEME_PRESETS[name]);
export const DEFAULT_THEME_INDEX = 0;

/** The theme at `index`, falling back to the first theme and then to the Light preset. */
export function resolveTheme(themes: readonly Theme[], index: number): Theme {
  return themes[index] ?? themes[DEFAULT_THEME_INDEX] ?? THEME_PRESETS.Light;
}
