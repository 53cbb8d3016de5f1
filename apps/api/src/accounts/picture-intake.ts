import { IMAGE_RESIZE } from '@vocal/settings-model';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType } from '../http/http-error.ts';
import type { MediaPool } from '../media/media-pool.ts';
import type { NormalisedPicture, PictureEncoding } from '../media/picture-render.ts';
import { PICTURE_LIMITS, readPictureHeader, withinPictureLimits } from '../media/picture-size.ts';
import { WorkerPoolBusyError } from '../media/worker-pool.ts';

/**
 * How long decoding one picture may run on the media pool before it is given up (its worker
 * ends); waiting behind other media work does not count (a visitor's long reply being decoded
 * must not make an upload's waveform fail).
 */
export const PICTURE_DECODE_MS = 20_000;

/** How an accepted picture is stored: the box it is fitted in and its encoding. */
export type PictureOutput = { box: { maxWidth: number; maxHeight: number }; encoding: PictureEncoding };

/**
 * An avatar (spec: width 1024, PNG): mail shows it (notification-mails.ts), and mail clients
 * such as Outlook on Windows show no WebP; the link-preview card's renderer reads no WebP either.
 */
export const AVATAR_PICTURE: PictureOutput = {
  box: { maxWidth: IMAGE_RESIZE.avatar.width, maxHeight: IMAGE_RESIZE.avatar.width },
  encoding: 'png',
};
/**
 * Any other picture uploaded through POST /image, a listen page's logo (spec: width 1024, WebP):
 * shown only in browsers, which all read WebP. Its height is bounded by PICTURE_LIMITS alone.
 */
export const DEFAULT_PICTURE: PictureOutput = {
  box: { maxWidth: IMAGE_RESIZE.default.width, maxHeight: PICTURE_LIMITS.maxSide },
  encoding: IMAGE_RESIZE.default.format,
};
/**
 * The waveform picture of a message (the recorder draws 1200 × 300), room for a sharper one. PNG:
 * the spec names it {id}.png, and the hosts put it in the mail a message is shared in.
 */
export const WAVEFORM_PICTURE: PictureOutput = { box: { maxWidth: 2400, maxHeight: 1200 }, encoding: 'png' };

/**
 * Every picture the server accepts (an avatar or logo through POST /image, a message's waveform
 * through upload-vocal, and any upload path after them) comes through here: its header must name
 * a PNG, JPEG or GIF within PICTURE_LIMITS, then the media pool decodes it, fits it in the
 * output's box and encodes it anew as its PNG or WebP, within PICTURE_DECODE_MS. What is stored
 * is that new file, never the upload (issue 23, findings 2 and 7). Refusals are 4xx naming `field`.
 */
export async function acceptPicture(
  media: MediaPool,
  bytes: Uint8Array,
  options: { field: string; output: PictureOutput },
): Promise<NormalisedPicture> {
  const { field } = options;
  const header = readPictureHeader(bytes);
  if (!header) throw unsupportedMediaType(`${field}: must be a PNG, JPEG or GIF picture`);
  if (!withinPictureLimits(header)) {
    throw payloadTooLarge(
      `${field}: ${header.width} × ${header.height} pixels is more than this server decodes (at most ${PICTURE_LIMITS.maxSide} pixels a side and ${PICTURE_LIMITS.maxPixels / 1_000_000} megapixels)`,
    );
  }
  try {
    return await media.normalisePicture({ bytes, header, ...options.output.box, encoding: options.output.encoding }, PICTURE_DECODE_MS);
  } catch (error) {
    if (error instanceof WorkerPoolBusyError) throw new HttpError(503, error.message, { retryAfter: 5 });
    if (error instanceof Error && error.name === 'TimeoutError') throw badRequest(`${field}: the picture took too long to decode`);
    // The task threw (not a picture after all) or its worker died of it: either way, not ours to keep.
    throw badRequest(`${field}: the picture could not be read`);
  }
}
