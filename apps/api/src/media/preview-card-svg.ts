/**
 * The link-preview card as SVG: 1200x630 (the size Open Graph consumers crop least), a solid
 * background, the sender's avatar and name, the title on at most two lines, the duration, and
 * a play symbol over the waveform. Everything a user typed is cleaned and escaped here, so the
 * renderer only ever sees well-formed XML.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Solid, dark, and the same for everyone: the white text on it reads in any theme. */
export const CARD_BACKGROUND = '#0f1e3d';
/** The font family the renderer is given (preview-card-render.ts loads its files). */
export const CARD_FONT = 'DejaVu Sans';

const MARGIN = 72;
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN;
const TITLE_SIZE = 56;
const TITLE_LINE_HEIGHT = 70;
const NAME_SIZE = 34;
const BAR_COUNT = 72;

export type CardInput = {
  title: string;
  senderName: string;
  durationLabel: string;
  peaks: readonly number[];
  /** A data: URL of a PNG, JPEG or GIF, or null for the initial in a circle. */
  avatarDataUrl: string | null;
};

/** Characters XML 1.0 refuses (control characters, lone surrogates) and bidi overrides go. */
export function cleanText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- the control characters XML allows are listed to keep them
      .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
      .replace(/[\u202A-\u202E\u2066-\u2069]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A glyph's advance in ems, estimated for DejaVu Sans Bold: wide enough that a line never
 * runs past the margin (the renderer offers no measuring before drawing). Wide scripts and
 * emoji count as a full em.
 */
function advanceOf(character: string): number {
  const code = character.codePointAt(0) ?? 0;
  if (code >= 0x1100) return 1;
  if (/[iljtfr.,:;'!|() ]/.test(character)) return 0.42;
  if (/[mwMW@]/.test(character)) return 1;
  if (/[A-Z0-9]/.test(character)) return 0.8;
  return 0.7;
}

const widthOf = (text: string, size: number) => Array.from(text).reduce((sum, character) => sum + advanceOf(character), 0) * size;

/** Cuts `text` to fit `maxWidth` at `size`, with an ellipsis when anything was cut. */
function fitLine(text: string, size: number, maxWidth: number): string {
  if (widthOf(text, size) <= maxWidth) return text;
  const characters = Array.from(text);
  while (characters.length > 0 && widthOf(`${characters.join('').trimEnd()}…`, size) > maxWidth) characters.pop();
  return `${characters.join('').trimEnd()}…`;
}

/** Wraps at spaces (or anywhere, for a word longer than a line) into at most `maxLines` lines. */
export function wrapText(text: string, size: number, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest && lines.length < maxLines) {
    if (lines.length === maxLines - 1 || widthOf(rest, size) <= maxWidth) {
      lines.push(fitLine(rest, size, maxWidth));
      break;
    }
    const characters = Array.from(rest);
    let end = 0;
    while (end < characters.length && widthOf(characters.slice(0, end + 1).join(''), size) <= maxWidth) end += 1;
    const head = characters.slice(0, end).join('');
    const space = head.lastIndexOf(' ');
    const cut = space > 0 ? space : head.length;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  return lines;
}

/** The first strongly directional character decides: Hebrew or Arabic script reads right to left. */
export const isRightToLeft = (text: string) => {
  const strong = /[\p{L}]/u.exec(text)?.[0] ?? '';
  return /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(strong);
};

/** `count` bar heights in 0..1, each the loudest peak of its stretch. */
function bars(peaks: readonly number[], count: number): number[] {
  if (peaks.length === 0) return Array.from({ length: count }, () => 0.15);
  return Array.from({ length: count }, (_, index) => {
    const from = Math.floor((index * peaks.length) / count);
    const to = Math.max(from + 1, Math.floor(((index + 1) * peaks.length) / count));
    const loudest = Math.max(...peaks.slice(from, to).map((peak) => Math.min(1, Math.abs(Number.isFinite(peak) ? peak : 0))));
    return Math.max(0.08, loudest);
  });
}

function textLine(text: string, options: { y: number; size: number; weight: 'bold' | 'normal'; fill: string; x?: number }) {
  const rightToLeft = isRightToLeft(text);
  const x = options.x ?? (rightToLeft ? CARD_WIDTH - MARGIN : MARGIN);
  const anchor = rightToLeft && options.x === undefined ? ' text-anchor="end" direction="rtl"' : '';
  return (
    `<text x="${x}" y="${options.y}" font-family="${CARD_FONT}" font-size="${options.size}" font-weight="${options.weight}" ` +
    `fill="${options.fill}"${anchor}>${escapeXml(text)}</text>`
  );
}

export function buildCardSvg(input: CardInput): string {
  const senderName = cleanText(input.senderName) || 'Someone';
  const title = cleanText(input.title) || 'Voice message';
  const avatarSize = 96;
  const avatarX = MARGIN;
  const avatarY = 64;
  const avatar = input.avatarDataUrl
    ? `<clipPath id="avatar"><circle cx="${avatarX + avatarSize / 2}" cy="${avatarY + avatarSize / 2}" r="${avatarSize / 2}"/></clipPath>` +
      `<image href="${escapeXml(input.avatarDataUrl)}" x="${avatarX}" y="${avatarY}" width="${avatarSize}" height="${avatarSize}" ` +
      'preserveAspectRatio="xMidYMid slice" clip-path="url(#avatar)"/>'
    : `<circle cx="${avatarX + avatarSize / 2}" cy="${avatarY + avatarSize / 2}" r="${avatarSize / 2}" fill="#267efa"/>` +
      `<text x="${avatarX + avatarSize / 2}" y="${avatarY + avatarSize / 2 + 16}" font-family="${CARD_FONT}" font-size="44" ` +
      `font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(Array.from(senderName)[0]!.toUpperCase())}</text>`;
  const nameX = avatarX + avatarSize + 28;
  const nameWidth = CARD_WIDTH - MARGIN - nameX;
  const name = fitLine(senderName, NAME_SIZE, nameWidth);
  const titleLines = wrapText(title, TITLE_SIZE, TEXT_WIDTH, 2);

  // The waveform band: a play button at its left, bars across the rest, the duration above it.
  const bandTop = 420;
  const bandHeight = 136;
  const middle = bandTop + bandHeight / 2;
  const playRadius = 60;
  const playX = MARGIN + playRadius;
  const barsLeft = MARGIN + 2 * playRadius + 40;
  const barsWidth = CARD_WIDTH - MARGIN - barsLeft;
  const step = barsWidth / BAR_COUNT;
  const barWidth = Math.max(4, step * 0.55);
  const waveform = bars(input.peaks, BAR_COUNT)
    .map((height, index) => {
      const barHeight = Math.max(8, height * bandHeight);
      const x = barsLeft + index * step;
      return `<rect x="${x.toFixed(1)}" y="${(middle - barHeight / 2).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${barHeight.toFixed(1)}" rx="${(barWidth / 2).toFixed(1)}"/>`;
    })
    .join('');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${CARD_BACKGROUND}"/>`,
    avatar,
    textLine(name, { x: nameX, y: avatarY + 44, size: NAME_SIZE, weight: 'bold', fill: '#ffffff' }),
    textLine('sent you a voice message', { x: nameX, y: avatarY + 84, size: 26, weight: 'normal', fill: '#b8c4dc' }),
    ...titleLines.map((line, index) =>
      textLine(line, { y: 270 + index * TITLE_LINE_HEIGHT, size: TITLE_SIZE, weight: 'bold', fill: '#ffffff' }),
    ),
    `<g fill="#7fb0ff">${waveform}</g>`,
    `<circle cx="${playX}" cy="${middle}" r="${playRadius}" fill="#267efa"/>`,
    `<path d="M ${playX - 18} ${middle - 28} L ${playX + 30} ${middle} L ${playX - 18} ${middle + 28} Z" fill="#ffffff"/>`,
    textLine(input.durationLabel, { x: CARD_WIDTH - MARGIN, y: bandTop - 20, size: 30, weight: 'bold', fill: '#ffffff' }).replace(
      '<text ',
      '<text text-anchor="end" ',
    ),
    textLine('Vocal', { x: MARGIN, y: CARD_HEIGHT - 28, size: 24, weight: 'bold', fill: '#7fb0ff' }),
    '</svg>',
  ].join('\n');
}
