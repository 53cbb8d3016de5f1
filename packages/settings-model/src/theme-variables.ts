import { BLACK, WHITE, contrastRatio, ensureContrast, isDarkColour, mix, parseColour, toHex, type Rgb } from './colour-maths.ts';
import type { Theme } from './theme.ts';
import { DEFAULT_FONT, THEME_PRESETS } from './theme-presets.ts';

/** The CSS custom properties every ui-kit component reads, keyed by property name. */
export type ThemeVariables = Record<`--vk-${string}`, string>;

/** WCAG AA for body text, and for the outline of a control or a focus ring. */
const TEXT_CONTRAST = 4.5;
const BODY_TEXT_CONTRAST = 7;
const NON_TEXT_CONTRAST = 3;

const RED_LIGHT = parseColour('#DC2626') as Rgb;
const RED_DARK = parseColour('#F87171') as Rgb;
const GREEN_LIGHT = parseColour('#15803D') as Rgb;
const GREEN_DARK = parseColour('#4ADE80') as Rgb;

/** Reads a colour a user typed: the syntax settings-model knows, or (in a browser) more. */
export type ColourReader = (text: string) => Rgb | null;

function themeColour(theme: Theme, key: 'primary' | 'neutral' | 'background', read: ColourReader): Rgb {
  const preset = THEME_PRESETS[theme.preset] ?? THEME_PRESETS.Light;
  return read(theme[key]) ?? parseColour(preset[key]) ?? WHITE;
}

/** A font name from a user's theme, made safe to place inside a CSS string. */
function fontStack(font: string): string {
  const family = font.replace(/["'\\;{}<>]/g, '').trim() || DEFAULT_FONT;
  // @fontsource-variable registers Inter as "Inter Variable"; the plain name covers an installed copy.
  // "Inter Fallback" (base.css) is a local font resized to Inter's metrics: text does not move
  // when the web font arrives (no layout shift).
  const bundled = family === DEFAULT_FONT ? `"${DEFAULT_FONT} Variable", ` : '';
  const fallback = family === DEFAULT_FONT ? `"${DEFAULT_FONT} Fallback", ` : '';
  return `${bundled}"${family}", ${fallback}ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
}

/**
 * The palette of a theme as CSS custom properties. Only three colours are chosen by the user
 * (primary, neutral, background); everything else is derived from them, and every pairing that
 * carries text is pushed to at least WCAG AA, so a custom theme cannot make the UI unreadable.
 * Here rather than in ui-kit so the server can draw a page's palette into it (the embed player
 * then needs none of this code); the browser passes a reader that also knows named colours.
 */
export function themeVariables(theme: Theme, read: ColourReader = parseColour): ThemeVariables {
  const background = themeColour(theme, 'background', read);
  const neutral = themeColour(theme, 'neutral', read);
  const brand = themeColour(theme, 'primary', read);
  const dark = isDarkColour(background);
  const extreme = dark ? WHITE : BLACK;

  const surface = mix(background, neutral, dark ? 0.08 : 0.04);
  const raised = dark ? mix(background, neutral, 0.12) : background;
  const hover = mix(background, neutral, dark ? 0.16 : 0.08);
  const grounds = [background, surface, raised];

  const text = ensureContrast(mix(neutral, extreme, 0.6), [...grounds, hover], BODY_TEXT_CONTRAST);
  const textMuted = ensureContrast(mix(neutral, background, 0.15), [...grounds, hover], TEXT_CONTRAST);
  const border = mix(background, neutral, dark ? 0.22 : 0.16);
  const borderStrong = ensureContrast(mix(background, neutral, 0.45), grounds, NON_TEXT_CONTRAST);

  // Light themes keep white labels on a (darkened if need be) brand fill; dark themes keep the
  // brand fill and put dark labels on it, which is how dark UIs stay vivid without glare.
  let primary = brand;
  let onPrimary = WHITE;
  if (contrastRatio(brand, WHITE) < TEXT_CONTRAST) {
    if (dark) onPrimary = ensureContrast(background, [brand], TEXT_CONTRAST);
    else primary = ensureContrast(brand, [WHITE], TEXT_CONTRAST);
  }
  const primaryHover = mix(primary, dark ? WHITE : BLACK, 0.12);
  const primarySoft = mix(background, brand, dark ? 0.2 : 0.1);
  const primaryText = ensureContrast(brand, [...grounds, primarySoft], TEXT_CONTRAST);
  const focusRing = ensureContrast(brand, grounds, NON_TEXT_CONTRAST);

  const dangerFill = ensureContrast(RED_LIGHT, [WHITE], TEXT_CONTRAST);
  const dangerSoft = mix(background, RED_LIGHT, dark ? 0.2 : 0.08);
  const danger = ensureContrast(dark ? RED_DARK : RED_LIGHT, [...grounds, dangerSoft], TEXT_CONTRAST);
  const success = ensureContrast(dark ? GREEN_DARK : GREEN_LIGHT, grounds, TEXT_CONTRAST);

  const track = mix(background, neutral, dark ? 0.35 : 0.25);

  return {
    '--vk-color-scheme': dark ? 'dark' : 'light',
    '--vk-color-background': toHex(background),
    '--vk-color-surface': toHex(surface),
    '--vk-color-surface-raised': toHex(raised),
    '--vk-color-surface-hover': toHex(hover),
    '--vk-color-neutral': toHex(neutral),
    '--vk-color-text': toHex(text),
    '--vk-color-text-muted': toHex(textMuted),
    '--vk-color-border': toHex(border),
    '--vk-color-border-strong': toHex(borderStrong),
    '--vk-color-primary': toHex(primary),
    '--vk-color-primary-hover': toHex(primaryHover),
    '--vk-color-on-primary': toHex(onPrimary),
    '--vk-color-primary-soft': toHex(primarySoft),
    '--vk-color-primary-text': toHex(primaryText),
    '--vk-color-danger': toHex(danger),
    '--vk-color-danger-fill': toHex(dangerFill),
    '--vk-color-danger-fill-hover': toHex(mix(dangerFill, BLACK, 0.12)),
    '--vk-color-on-danger': toHex(WHITE),
    '--vk-color-danger-soft': toHex(dangerSoft),
    '--vk-color-success': toHex(success),
    '--vk-color-focus-ring': toHex(focusRing),
    '--vk-color-track': toHex(track),
    '--vk-color-backdrop': dark ? 'rgba(0, 0, 0, 0.72)' : 'rgba(15, 23, 42, 0.48)',
    '--vk-shadow-raised': dark
      ? '0 0 0 1px rgba(255, 255, 255, 0.06), 0 24px 48px -12px rgba(0, 0, 0, 0.8)'
      : '0 1px 2px rgba(15, 23, 42, 0.06), 0 24px 48px -12px rgba(15, 23, 42, 0.22)',
    '--vk-font-family': fontStack(theme.font),
  };
}
