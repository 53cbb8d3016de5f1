import { describe, expect, it } from 'vitest';
import { themeSchema } from './theme.ts';
import { DEFAULT_THEME_INDEX, resolveTheme, THEME_PRESETS, THEME_PRESET_NAMES } from './theme-presets.ts';

describe('themes (spec section 3)', () => {
  it('has the four presets, each with Inter', () => {
    expect(THEME_PRESET_NAMES).toEqual(['Light', 'Slate', 'Black', 'Exotic Black']);
    for (const name of THEME_PRESET_NAMES) {
      expect(THEME_PRESETS[name].font).toBe('Inter');
      expect(themeSchema.parse(THEME_PRESETS[name])).toEqual(THEME_PRESETS[name]);
    }
  });

  it('defaults the font to Inter and the index to 0', () => {
    const theme = themeSchema.parse({
      name: 'Mine',
      preset: 'Light',
      primary: 'red',
      neutral: '#333',
      background: 'white',
    });
    expect(theme.font).toBe('Inter');
    expect(DEFAULT_THEME_INDEX).toBe(0);
  });

  it('resolves an index, falling back to the first theme', () => {
    const themes = [THEME_PRESETS.Black, THEME_PRESETS.Slate];
    expect(resolveTheme(themes, 1)).toBe(THEME_PRESETS.Slate);
    expect(resolveTheme(themes, 9)).toBe(THEME_PRESETS.Black);
    expect(resolveTheme([], 0)).toBe(THEME_PRESETS.Light);
  });
});
