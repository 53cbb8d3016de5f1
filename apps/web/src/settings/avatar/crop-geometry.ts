/**
 * The square crop of a picture, in the picture's own pixels: its centre and its side. Kept
 * apart from the screen so the crop means the same at any display size, and so moving and
 * zooming by pointer, wheel, pinch, slider and keyboard all go through one set of rules.
 */
export type Crop = { centreX: number; centreY: number; size: number };
export type PictureSize = { width: number; height: number };

/** How far in one may zoom: the crop's side down to a fifth of the picture's short side. */
export const MAX_ZOOM = 5;

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** The largest centred square: the whole short side, as a photo app opens a picture. */
export function initialCrop(picture: PictureSize): Crop {
  return { centreX: picture.width / 2, centreY: picture.height / 2, size: Math.min(picture.width, picture.height) };
}

/** 1 with the whole short side in the crop, up to MAX_ZOOM. */
export const zoomOf = (picture: PictureSize, crop: Crop) => Math.min(picture.width, picture.height) / crop.size;

/** Keeps the crop's side within the zoom limits and the square inside the picture. */
export function constrain(picture: PictureSize, crop: Crop): Crop {
  const shortSide = Math.min(picture.width, picture.height);
  const size = clamp(crop.size, shortSide / MAX_ZOOM, shortSide);
  return {
    size,
    centreX: clamp(crop.centreX, size / 2, picture.width - size / 2),
    centreY: clamp(crop.centreY, size / 2, picture.height - size / 2),
  };
}

/** Moves the crop by a distance in the picture's pixels. */
export function moveBy(picture: PictureSize, crop: Crop, deltaX: number, deltaY: number): Crop {
  return constrain(picture, { ...crop, centreX: crop.centreX + deltaX, centreY: crop.centreY + deltaY });
}

/**
 * Sets the zoom, keeping the picture's point under `anchor` (a fraction of the crop, 0.5 the
 * middle) where it is: zooming at the pointer, or the middle for keys and the slider.
 */
export function zoomTo(picture: PictureSize, crop: Crop, zoom: number, anchor = { x: 0.5, y: 0.5 }): Crop {
  const shortSide = Math.min(picture.width, picture.height);
  const size = shortSide / clamp(zoom, 1, MAX_ZOOM);
  const pointX = crop.centreX + (anchor.x - 0.5) * crop.size;
  const pointY = crop.centreY + (anchor.y - 0.5) * crop.size;
  return constrain(picture, { size, centreX: pointX - (anchor.x - 0.5) * size, centreY: pointY - (anchor.y - 0.5) * size });
}

/** The crop's square as a source rectangle for drawImage, in whole pixels inside the picture. */
export function sourceRectangle(picture: PictureSize, crop: Crop) {
  const size = Math.max(1, Math.min(Math.round(crop.size), picture.width, picture.height));
  const x = clamp(Math.round(crop.centreX - crop.size / 2), 0, picture.width - size);
  const y = clamp(Math.round(crop.centreY - crop.size / 2), 0, picture.height - size);
  return { x, y, size };
}
