import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { CARD_FONT } from './preview-card-svg.ts';

/**
 * SVG to PNG with resvg (docs/decisions/0018-link-preview-cards-and-gone-pages.md). Called on a media worker
 * thread (media-worker.ts, task "card"), never on the event loop: drawing and PNG encoding
 * take tens to hundreds of milliseconds of CPU.
 */

/** DejaVu Sans: a free font whose files resvg reads (TTF), with Latin, Greek, Cyrillic, Hebrew and Arabic. */
const fontFolder = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT_FILES = [join(fontFolder, 'DejaVuSans.ttf'), join(fontFolder, 'DejaVuSans-Bold.ttf')];

export function renderCardPng(svg: string): Uint8Array {
  const rendered = new Resvg(svg, {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: CARD_FONT },
  }).render();
  return new Uint8Array(rendered.asPng());
}
