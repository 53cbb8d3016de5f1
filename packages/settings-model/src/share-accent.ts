import { z } from 'zod';
import { ensureContrast, relativeLuminance, toHex, WHITE } from './colour-maths.ts';
import { readAnyColour } from './named-colours.ts';
import type { Personalisation } from './personalisation.ts';
import { resolveTheme } from './theme-presets.ts';

/** WCAG AA for text: the accent's label on its fill reaches at least this ratio. */
export const SHARE_ACCENT_MIN_CONTRAST = 4.5;
/**
 * A primary whose relative luminance is above this keeps its own colour and takes dark text:
 * darkening it enough for white text would turn a yellow olive and a pastel grey (over 40%
 * toward black). Below it, white text on the primary darkened as little as needed.
 */
export const SHARE_ACCENT_LIGHT_PRIMARY = 0.5;
export const SHARE_ACCENT_LIGHT_TEXT = '#FFFFFF';
export const SHARE_ACCENT_DARK_TEXT = '#111111';

/** Six hex digits only: nothing in it can leave a style attribute's value. */
const hexColourSchema = z.string().regex(/^#[0-9A-Fa-f]{6}$/, { error: 'must be a colour written #RRGGBB' });

/**
 * The colours of the link's button in the HTML a host inserts (docs/decisions/0061): its fill
 * and its text, a readable pair derived from the signature theme's primary colour.
 */
export const shareAccentSchema = z.object({ background: hexColourSchema, text: hexColourSchema });
export type ShareAccent = z.infer<typeof shareAccentSchema>;

/**
 * The accent of a primary colour (any form `colourSchema` accepts): white text on the primary,
 * darkened in steps of 2% toward black until the pair reaches 4.5:1 (#267EFA becomes #2271E1,
 * the Light preset's button everywhere else); a very light primary keeps its colour with
 * near-black text instead. Null for a colour that is none (`transparent`, `currentcolor`).
 */
export function accentFor(primary: string): ShareAccent | null {
  const colour = readAnyColour(primary);
  if (!colour) return null;
  if (relativeLuminance(colour) > SHARE_ACCENT_LIGHT_PRIMARY) return { background: toHex(colour), text: SHARE_ACCENT_DARK_TEXT };
  return { background: toHex(ensureContrast(colour, [WHITE], SHARE_ACCENT_MIN_CONTRAST)), text: SHARE_ACCENT_LIGHT_TEXT };
}

/**
 * The accent of the signature's theme (`signature.theme`, an index into `themes`, falling back
 * as `resolveTheme` does). Whether the message is on does not matter: the link goes in either way.
 * The record flow (ui-kit's buildShare) and the server's handoff Share both use this.
 */
export function signatureAccent(settings: Pick<Personalisation, 'themes' | 'signature'>): ShareAccent | null {
  return accentFor(resolveTheme(settings.themes, settings.signature.theme).primary);
}
