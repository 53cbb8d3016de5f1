import { z } from 'zod';
import { NAMED_COLOURS } from './named-colours.ts';

/** CSS named colours (CSS Color Module Level 4), plus `transparent` and `currentcolor`. */
const COLOUR_NAMES = new Set([...Object.keys(NAMED_COLOURS), 'transparent', 'currentcolor']);

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const PERCENT = String.raw`${NUMBER}%`;
const ALPHA = String.raw`(?:${NUMBER}|${PERCENT})`;
const HUE = String.raw`${NUMBER}(?:deg|rad|grad|turn)?`;
const SEP = String.raw`\s*,\s*`;
// Both the legacy comma syntax and the modern space syntax (with an optional "/ alpha").
const RGB = new RegExp(
  String.raw`^rgba?\(\s*(?:` +
    String.raw`(?:${NUMBER}${SEP}${NUMBER}${SEP}${NUMBER}|${PERCENT}${SEP}${PERCENT}${SEP}${PERCENT})(?:${SEP}${ALPHA})?` +
    String.raw`|(?:${NUMBER}|${PERCENT})\s+(?:${NUMBER}|${PERCENT})\s+(?:${NUMBER}|${PERCENT})(?:\s*\/\s*${ALPHA})?` +
    String.raw`)\s*\)$`,
  'i',
);
const HSL = new RegExp(
  String.raw`^hsla?\(\s*(?:` +
    String.raw`${HUE}${SEP}${PERCENT}${SEP}${PERCENT}(?:${SEP}${ALPHA})?` +
    String.raw`|${HUE}\s+${PERCENT}\s+${PERCENT}(?:\s*\/\s*${ALPHA})?` +
    String.raw`)\s*\)$`,
  'i',
);

/** Colours may be hex, rgb(a), hsl(a) or a named colour (spec section 5). */
export function isColour(value: string): boolean {
  const text = value.trim();
  return HEX.test(text) || RGB.test(text) || HSL.test(text) || COLOUR_NAMES.has(text.toLowerCase());
}

export const colourSchema = z.string().trim().refine(isColour, { error: 'must be a colour: hex, rgb(a), hsl(a) or a named colour' });
