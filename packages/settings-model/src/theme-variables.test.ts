import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColour } from './colour-maths.ts';
import type { Theme } from './theme.ts';
import { DARK_PRESETS, THEME_PRESETS, THEME_PRESET_NAMES } from './theme-presets.ts';
import { themeVariables, type ThemeVariables } from './theme-variables.ts';

const AA = 4.5;

function ratio(variables: ThemeVariables, foreground: string, background: string): number {
  const fg = parseColour(variables[`--vk-color-${foreground}`] ?? '');
  const bg = parseColour(variables[`--vk-color-${background}`] ?? '');
  if (!fg || !bg) throw new Error(`missing ${foreground} or ${background}`);
  return contrastRatio(fg, bg);
}

/** Every pairing of text and the ground it is drawn on in the components. */
const textPairs: Array<[string, string]> = [
  ['text', 'background'],
  ['text', 'surface'],
  ['text', 'surface-raised'],
  ['text', 'surface-hover'],
  ['text-muted', 'background'],
  ['text-muted', 'surface'],
  ['text-muted', 'surface-raised'],
  ['on-primary', 'primary'],
  ['primary-text', 'background'],
  ['primary-text', 'surface-raised'],
  ['on-danger', 'danger-fill'],
  ['danger', 'background'],
  ['danger', 'surface-raised'],
  ['danger', 'danger-soft'],
  ['success', 'surface-raised'],
];

describe('themeVariables', () => {
  it.each(THEME_PRESET_NAMES)('gives %s readable text (WCAG AA) everywhere', (name) => {
    const variables = themeVariables(THEME_PRESETS[name]);
    for (const [foreground, background] of textPairs) {
      expect(ratio(variables, foreground, background), `${foreground} on ${background}`).toBeGreaterThanOrEqual(AA);
    }
    expect(ratio(variables, 'text', 'background')).toBeGreaterThanOrEqual(7);
    expect(ratio(variables, 'focus-ring', 'background')).toBeGreaterThanOrEqual(3);
    expect(ratio(variables, 'border-strong', 'surface-raised')).toBeGreaterThanOrEqual(3);
  });

  it.each(THEME_PRESET_NAMES)('gives %s the colour scheme the presets list says', (name) => {
    const variables = themeVariables(THEME_PRESETS[name]);
    expect(variables['--vk-color-scheme']).toBe(DARK_PRESETS.has(name) ? 'dark' : 'light');
  });

  it('keeps the chosen background and neutral as they are', () => {
    const variables = themeVariables(THEME_PRESETS.Slate);
    expect(variables['--vk-color-background']).toBe('#1E293B');
    expect(variables['--vk-color-neutral']).toBe('#CBD5E1');
  });

  it('uses the bundled Inter first', () => {
    expect(themeVariables(THEME_PRESETS.Light)['--vk-font-family']).toMatch(/^"Inter Variable", "Inter",/);
  });

  it('fixes a custom theme that would be unreadable', () => {
    const glaring: Theme = {
      name: 'Glare',
      preset: 'Light',
      primary: '#FFEB3B',
      neutral: 'hsl(0, 0%, 90%)',
      background: 'rgb(250, 250, 250)',
      font: 'Inter',
    };
    const variables = themeVariables(glaring);
    expect(ratio(variables, 'on-primary', 'primary')).toBeGreaterThanOrEqual(AA);
    expect(ratio(variables, 'text', 'background')).toBeGreaterThanOrEqual(AA);
    expect(ratio(variables, 'text-muted', 'surface')).toBeGreaterThanOrEqual(AA);
    expect(ratio(variables, 'primary-text', 'background')).toBeGreaterThanOrEqual(AA);
  });

  it("falls back to the preset's colour for one it cannot read, and strips a hostile font name", () => {
    const variables = themeVariables({
      ...THEME_PRESETS.Black,
      background: 'papayawhip',
      font: 'Evil"; background: url(x)',
    });
    expect(variables['--vk-color-background']).toBe('#000000');
    // One quoted family name, with nothing left that could close the string or the declaration.
    expect(variables['--vk-font-family']).toMatch(/^"Evil background: url\(x\)", ui-sans-serif/);
  });
});
