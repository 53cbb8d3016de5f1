import { Resvg } from '@resvg/resvg-js';
import type { PictureHeader } from './picture-size.ts';

export type PictureTask = { bytes: Uint8Array; header: PictureHeader; maxWidth: number; maxHeight: number };
export type NormalisedPicture = { png: Uint8Array; width: number; height: number };

/**
 * A picture decoded, fitted inside `maxWidth` × `maxHeight` (never enlarged) and encoded anew as
 * PNG, by resvg (the card renderer, already here: PNG, JPEG and GIF, first frame). Runs on a media
 * worker thread, only for a header already judged within PICTURE_LIMITS (picture-size.ts), so
 * what the decoder allocates is bounded (16 megapixels, 64 MB). Whatever the upload carried
 * beyond the pixels (metadata, trailing bytes, a second frame) is not kept.
 */
export function normalisePicture(task: PictureTask): NormalisedPicture {
  const { header } = task;
  const scale = Math.min(1, task.maxWidth / header.width, task.maxHeight / header.height);
  const width = Math.max(1, Math.round(header.width * scale));
  const height = Math.max(1, Math.round(header.height * scale));
  const href = `data:${header.contentType};base64,${Buffer.from(task.bytes).toString('base64')}`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<image href="${href}" width="${width}" height="${height}" preserveAspectRatio="none"/></svg>`;
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false } });
  // resvg leaves out an image it cannot read, and draws a broken one as nothing.
  if (!resvg.getBBox()) throw new Error('The picture could not be read');
  const rendered = resvg.render();
  const pixels = rendered.pixels;
  let drawn = false;
  for (let alpha = 3; alpha < pixels.length; alpha += 4) {
    if (pixels[alpha] !== 0) {
      drawn = true;
      break;
    }
  }
  if (!drawn) throw new Error('The picture could not be read, or shows nothing');
  return { png: new Uint8Array(rendered.asPng()), width: rendered.width, height: rendered.height };
}
