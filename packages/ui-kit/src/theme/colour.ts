import { parseColour as parseColourSyntax, parseHexColour, parseRgbFunction, type Rgb } from '@vocal/settings-model';

/*
 * Colour arithmetic for deriving a readable palette from a user's theme. The maths lives in
 * settings-model (colour-maths.ts), shared with the server and the accent of inserted links;
 * what is here is the browser's part: reading named colours.
 */
export { BLACK, contrastRatio, ensureContrast, isDarkColour, mix, relativeLuminance, toHex, WHITE, type Rgb } from '@vocal/settings-model';

let probe: OffscreenCanvasRenderingContext2D | null | undefined;

/**
 * Named colours are resolved by the browser itself (a canvas normalises any valid colour to
 * hex), which keeps settings-model's table of 148 names out of the public pages' bundles. Where
 * there is no canvas (tests, server) the caller falls back to the preset's colour.
 */
function parseWithBrowser(text: string): Rgb | null {
  if (probe === undefined) {
    try {
      probe = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
    } catch {
      probe = null;
    }
  }
  if (!probe) return null;
  probe.fillStyle = '#010203';
  probe.fillStyle = text;
  const normalised = String(probe.fillStyle);
  if (normalised === '#010203' && text.toLowerCase() !== '#010203') return null;
  return parseHexColour(normalised) ?? parseRgbFunction(normalised);
}

/** Parses hex, rgb(a), hsl(a) and (in a browser) named colours; alpha is ignored. */
export function parseColour(value: string): Rgb | null {
  return parseColourSyntax(value) ?? parseWithBrowser(value.trim());
}
