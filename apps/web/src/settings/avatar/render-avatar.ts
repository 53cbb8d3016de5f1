import { IMAGE_RESIZE } from '@vocal/settings-model';
import { sourceRectangle, type Crop } from './crop-geometry.ts';

/**
 * The cropped square drawn at the spec's avatar size (section 9: width 1024, PNG). Drawn in
 * the browser, so the server stores what the person saw, and a 20-megapixel phone photo is
 * never uploaded whole.
 */
export async function renderAvatar(picture: HTMLImageElement, crop: Crop): Promise<Blob> {
  const side = IMAGE_RESIZE.avatar.width;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No blob result');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  const source = sourceRectangle({ width: picture.naturalWidth, height: picture.naturalHeight }, crop);
  context.drawImage(picture, source.x, source.y, source.size, source.size, 0, 0, side, side);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, `image/${IMAGE_RESIZE.avatar.format}`));
  // The spec's wording for a canvas that gave nothing back.
  if (!blob) throw new Error('No blob result');
  return blob;
}

/** Loads a chosen file as a picture; null when the browser cannot read it as one. */
export function loadPicture(file: Blob): Promise<{ image: HTMLImageElement; url: string } | null> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  return new Promise((resolve) => {
    image.onload = () => {
      if (image.naturalWidth > 0) return resolve({ image, url });
      URL.revokeObjectURL(url);
      resolve(null);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(null);
    };
    image.src = url;
  });
}
