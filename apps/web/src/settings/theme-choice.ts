import { THEME_PRESET_NAMES, THEME_PRESETS, isColour, type Theme, type ThemePresetName } from '@vocal/settings-model';

const COLOUR_KEYS = ['primary', 'neutral', 'background'] as const;
export type ThemeColourKey = (typeof COLOUR_KEYS)[number];

const sameColours = (first: Theme, second: Theme) =>
  COLOUR_KEYS.every((key) => first[key].trim().toLowerCase() === second[key].trim().toLowerCase());

/** The preset this theme is, unchanged; null for a theme with colours of its own. */
export function presetOf(theme: Theme): ThemePresetName | null {
  return THEME_PRESET_NAMES.find((name) => theme.name === name && sameColours(theme, THEME_PRESETS[name])) ?? null;
}

export const themeIsValid = (theme: Theme) => COLOUR_KEYS.every((key) => isColour(theme[key]));

/**
 * Where a page's chosen theme goes in the account's theme list, which every page (listen
 * page, contact form, signature) points into by index. A preset reuses its entry. Custom
 * colours live in an entry named after the page (`customName`), so the contact form's
 * colours never change the listen page's. `themes` comes back unchanged when nothing needs
 * adding or replacing, so a save sends the list only when it changed.
 */
export function placeTheme(themes: readonly Theme[], chosen: Theme, customName: string): { themes: Theme[]; index: number } {
  const preset = presetOf(chosen);
  const wanted: Theme = preset ? THEME_PRESETS[preset] : { ...chosen, name: customName };
  const matches = (theme: Theme) => theme.name === wanted.name && (preset ? sameColours(theme, wanted) : true);
  const found = themes.findIndex(matches);
  if (found >= 0) {
    const same = sameColours(themes[found]!, wanted) && themes[found]!.preset === wanted.preset;
    if (same) return { themes: [...themes], index: found };
    return { themes: themes.map((theme, index) => (index === found ? wanted : theme)), index: found };
  }
  return { themes: [...themes, wanted], index: themes.length };
}

/** placeTheme for a save: the index to store, and the theme list only when it changed. */
export function themeSave(themes: readonly Theme[], chosen: Theme, customName: string): { index: number; themes?: Theme[] } {
  const placed = placeTheme(themes, chosen, customName);
  return JSON.stringify(placed.themes) === JSON.stringify(themes) ? { index: placed.index } : placed;
}
