import { describe, expect, it } from 'vitest';
import { DEFAULT_THEMES, THEME_PRESETS } from '@vocal/settings-model';
import { placeTheme, presetOf } from './theme-choice.ts';

describe('placeTheme', () => {
  it('points a preset at its own entry and leaves the list as it was', () => {
    const placed = placeTheme(DEFAULT_THEMES, THEME_PRESETS.Black, 'Listen page');
    expect(placed.index).toBe(2);
    expect(placed.themes).toEqual(DEFAULT_THEMES);
  });

  it('adds custom colours under the page name once, then replaces them in place', () => {
    const custom = { ...THEME_PRESETS.Light, name: 'Light', primary: '#FF0066' };
    const first = placeTheme(DEFAULT_THEMES, custom, 'Listen page');
    expect(first.index).toBe(4);
    expect(first.themes[4]).toMatchObject({ name: 'Listen page', primary: '#FF0066', preset: 'Light' });
    const second = placeTheme(first.themes, { ...custom, primary: 'teal' }, 'Listen page');
    expect(second.index).toBe(4);
    expect(second.themes).toHaveLength(5);
    expect(second.themes[4]!.primary).toBe('teal');
  });

  it("keeps one page's custom colours apart from another's", () => {
    const listen = placeTheme(DEFAULT_THEMES, { ...THEME_PRESETS.Slate, primary: 'red' }, 'Listen page');
    const form = placeTheme(listen.themes, { ...THEME_PRESETS.Slate, primary: 'blue' }, 'Contact form');
    expect(form.index).toBe(5);
    expect(form.themes[4]!.primary).toBe('red');
  });

  it('re-adds a preset that the list no longer holds', () => {
    const placed = placeTheme([THEME_PRESETS.Light], THEME_PRESETS['Exotic Black'], 'Listen page');
    expect(placed).toEqual({ themes: [THEME_PRESETS.Light, THEME_PRESETS['Exotic Black']], index: 1 });
  });
});

describe('presetOf', () => {
  it('knows a preset only while its colours are untouched', () => {
    expect(presetOf(THEME_PRESETS.Slate)).toBe('Slate');
    expect(presetOf({ ...THEME_PRESETS.Slate, background: '#000' })).toBeNull();
  });
});
