import { Resvg } from '@resvg/resvg-js';
import type { PictureHeader } from './picture-size.ts';
import { encodeWebp } from './webp-encoder.ts';

/** How a picture is stored: PNG (avatars, which mail shows; waveforms) or WebP (logos). */
export type PictureEncoding = 'png' | 'webp';

export type PictureTask = { bytes: Uint8Array; header: PictureHeader; maxWidth: number; maxHeight: number; encoding: PictureEncoding };
export type NormalisedPicture = {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/webp';
  extension: PictureEncoding;
  width: number;
  height: number;
};

/**
 * tiny-skia keeps pixels premultiplied by their alpha; WebP stores them straight. Undone here,
 * or every half-transparent edge of a logo would come out darker.
 */
function unpremultiplied(pixels: Uint8Array): Uint8Array {
  const straight = new Uint8Array(pixels);
  for (let at = 0; at < straight.length; at += 4) {
    const alpha = straight[at + 3]!;
    if (alpha === 0 || alpha === 255) continue;
    for (let channel = at; channel < at + 3; channel++) {
      straight[channel] = Math.min(255, Math.round((straight[channel]! * 255) / alpha));
    }
  }
  return straight;
}

/**
 * A picture decoded, fitted inside `maxWidth` × `maxHeight` (never enlarged) and encoded anew as
 * PNG or lossless WebP. Decoded by resvg (the card renderer, already here: PNG, JPEG and GIF,
 * first frame); resvg writes no WebP, so its pixels go to libwebp (webp-encoder.ts). Runs on a
 * media worker thread, only for a header already judged within PICTURE_LIMITS (picture-size.ts),
 * so what the decoder allocates is bounded (16 megapixels, 64 MB). Whatever the upload carried
 * beyond the pixels (metadata, trailing bytes, a second frame) is not kept.
 */
export async function normalisePicture(task: PictureTask): Promise<NormalisedPicture> {
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
  const size = { width: rendered.width, height: rendered.height };
  if (task.encoding === 'webp') {
    const bytes = await encodeWebp(unpremultiplied(pixels), rendered.width, rendered.height);
    return { bytes, contentType: 'image/webp', extension: 'webp', ...size };
  }
  return { bytes: new Uint8Array(rendered.asPng()), contentType: 'image/png', extension: 'png', ...size };
}
