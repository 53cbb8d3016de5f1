/**
 * Colour arithmetic on the colours a theme holds: parsing the forms `colourSchema` accepts,
 * mixing, and the WCAG 2 contrast ratio. Pure and zod-free, so the server, the web app, every
 * host and the small public bundles (through ui-kit) compute the same colours from the same
 * theme. Named colours other than white and black are not read here: `namedColour` has the
 * table, for the callers that need every name (ui-kit asks the browser instead, to keep the
 * public pages small).
 */

export type Rgb = { r: number; g: number; b: number };

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const BLACK: Rgb = { r: 0, g: 0, b: 0 };

const clampByte = (value: number) => Math.min(255, Math.max(0, Math.round(value)));

/** #rgb, #rgba, #rrggbb or #rrggbbaa; alpha is ignored. */
export function parseHexColour(text: string): Rgb | null {
  const match = /^#([0-9a-f]{3,8})$/i.exec(text.trim());
  const digits = match?.[1];
  if (!digits || ![3, 4, 6, 8].includes(digits.length)) return null;
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return {
    r: parseInt(full.slice(0, 2), 16),
    g: parseInt(full.slice(2, 4), 16),
    b: parseInt(full.slice(4, 6), 16),
  };
}

/** Splits the inside of rgb()/hsl() in either the comma or the space syntax, dropping alpha. */
function functionArguments(text: string, names: string[]): string[] | null {
  const match = /^([a-z]+)\((.*)\)$/i.exec(text);
  if (!match?.[1] || match[2] === undefined || !names.includes(match[1].toLowerCase())) return null;
  const withoutAlpha = match[2].split('/')[0] ?? '';
  const parts = withoutAlpha.includes(',') ? withoutAlpha.split(',') : withoutAlpha.trim().split(/\s+/);
  return parts.slice(0, 3).map((part) => part.trim());
}

function parseChannel(part: string): number {
  return part.endsWith('%') ? (parseFloat(part) / 100) * 255 : parseFloat(part);
}

/** rgb()/rgba() in the comma or the space syntax; alpha is ignored. */
export function parseRgbFunction(text: string): Rgb | null {
  const parts = functionArguments(text, ['rgb', 'rgba']);
  if (!parts || parts.length !== 3) return null;
  const [r, g, b] = parts.map(parseChannel) as [number, number, number];
  if ([r, g, b].some(Number.isNaN)) return null;
  return { r: clampByte(r), g: clampByte(g), b: clampByte(b) };
}

function parseHue(part: string): number {
  const value = parseFloat(part);
  if (part.endsWith('turn')) return value * 360;
  if (part.endsWith('grad')) return value * 0.9;
  if (part.endsWith('rad')) return (value * 180) / Math.PI;
  return value;
}

function parseHslFunction(text: string): Rgb | null {
  const parts = functionArguments(text, ['hsl', 'hsla']);
  if (!parts || parts.length !== 3) return null;
  const hue = (((parseHue(parts[0] ?? '') % 360) + 360) % 360) / 360;
  const saturation = Math.min(1, Math.max(0, parseFloat(parts[1] ?? '') / 100));
  const lightness = Math.min(1, Math.max(0, parseFloat(parts[2] ?? '') / 100));
  if ([hue, saturation, lightness].some(Number.isNaN)) return null;
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (offset: number) => {
    let t = hue + offset;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return {
    r: clampByte(channel(1 / 3) * 255),
    g: clampByte(channel(0) * 255),
    b: clampByte(channel(-1 / 3) * 255),
  };
}

/** Parses hex, rgb(a), hsl(a), white and black; alpha is ignored. Null for anything else. */
export function parseColour(value: string): Rgb | null {
  const text = value.trim();
  const lower = text.toLowerCase();
  if (lower === 'white') return WHITE;
  if (lower === 'black') return BLACK;
  return parseHexColour(text) ?? parseRgbFunction(text) ?? parseHslFunction(text);
}

/** #RRGGBB, upper case. */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => clampByte(channel).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** `amount` 0 gives `from`, 1 gives `to`; mixed in sRGB, which keeps the hue close enough for UI tints. */
export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return {
    r: clampByte(from.r + (to.r - from.r) * amount),
    g: clampByte(from.g + (to.g - from.g) * amount),
    b: clampByte(from.b + (to.b - from.b) * amount),
  };
}

/** WCAG 2 relative luminance, from 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, from 1 to 21. */
export function contrastRatio(first: Rgb, second: Rgb): number {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const lowestContrast = (colour: Rgb, backgrounds: readonly Rgb[]) =>
  Math.min(...backgrounds.map((background) => contrastRatio(colour, background)));

/**
 * The colour itself when it already reaches `minimum` against every background; otherwise the
 * least change toward white or black (whichever can do better), in steps of 2%, that does.
 * Keeps a brand colour recognisable while guaranteeing the ratio.
 */
export function ensureContrast(colour: Rgb, backgrounds: readonly Rgb[], minimum: number): Rgb {
  if (lowestContrast(colour, backgrounds) >= minimum) return colour;
  const target = lowestContrast(WHITE, backgrounds) >= lowestContrast(BLACK, backgrounds) ? WHITE : BLACK;
  for (let step = 1; step <= 50; step += 1) {
    const candidate = mix(colour, target, step / 50);
    if (lowestContrast(candidate, backgrounds) >= minimum) return candidate;
  }
  return target;
}

export const isDarkColour = (colour: Rgb) => relativeLuminance(colour) < 0.18;
