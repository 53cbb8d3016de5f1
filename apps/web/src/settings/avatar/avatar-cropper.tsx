import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { MAX_ZOOM, moveBy, zoomOf, zoomTo, type Crop, type PictureSize } from './crop-geometry.ts';

export type AvatarCropperProps = {
  /** The chosen picture's object URL and its size in pixels. */
  source: string;
  picture: PictureSize;
  crop: Crop;
  onCropChange(crop: Crop): void;
};

/** One key press moves the crop by this share of its side; with Shift, four times as far. */
const KEY_STEP = 0.05;
const KEY_ZOOM = 1.1;
const WHEEL_ZOOM_PER_PIXEL = 0.002;

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * A square crop over the picture, shown round as the avatar will be. Drag (mouse or one
 * finger) moves it, the wheel, a pinch or the slider zooms; with the keyboard the arrow keys
 * move it and + and - zoom.
 */
export function AvatarCropper({ source, picture, crop, onCropChange }: AvatarCropperProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const hintId = useId();
  const zoomId = useId();
  // The latest crop for the native wheel listener, which is added once.
  const latest = useRef({ crop, picture, onCropChange });
  latest.current = { crop, picture, onCropChange };

  /** Screen pixels to picture pixels: the viewport shows `crop.size` picture pixels across. */
  const pictureUnitsPerPixel = () => latest.current.crop.size / (viewport.current?.getBoundingClientRect().width || 1);

  /** Where a screen point falls in the crop, as fractions (the anchor of a zoom). */
  const anchorAt = (clientX: number, clientY: number) => {
    const box = viewport.current?.getBoundingClientRect();
    if (!box || box.width === 0) return { x: 0.5, y: 0.5 };
    return { x: (clientX - box.left) / box.width, y: (clientY - box.top) / box.height };
  };

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    // Not passive, so the page does not scroll while the wheel zooms the picture.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { crop: current, picture: size, onCropChange: change } = latest.current;
      const zoom = zoomOf(size, current) * Math.exp(-event.deltaY * WHEEL_ZOOM_PER_PIXEL);
      change(zoomTo(size, current, zoom, anchorAt(event.clientX, event.clientY)));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const others = [...pointers.current].filter(([id]) => id !== event.pointerId).map(([, point]) => point);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const other = others[0];
    if (other) {
      // A pinch: the change in the two fingers' distance zooms about their midpoint.
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(event.clientX - other.x, event.clientY - other.y);
      if (before < 1) return;
      const anchor = anchorAt((event.clientX + other.x) / 2, (event.clientY + other.y) / 2);
      onCropChange(zoomTo(picture, crop, (zoomOf(picture, crop) * after) / before, anchor));
      return;
    }
    // Dragging the picture: the crop moves the other way, as if the picture were under glass.
    const scale = pictureUnitsPerPixel();
    onCropChange(moveBy(picture, crop, -(event.clientX - previous.x) * scale, -(event.clientY - previous.y) * scale));
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const arrow = ARROWS[event.key];
    if (arrow) {
      const step = crop.size * KEY_STEP * (event.shiftKey ? 4 : 1);
      onCropChange(moveBy(picture, crop, arrow[0] * step, arrow[1] * step));
    } else if (event.key === '+' || event.key === '=') {
      onCropChange(zoomTo(picture, crop, zoomOf(picture, crop) * KEY_ZOOM));
    } else if (event.key === '-' || event.key === '_') {
      onCropChange(zoomTo(picture, crop, zoomOf(picture, crop) / KEY_ZOOM));
    } else {
      return;
    }
    event.preventDefault();
  };

  // Placed in percentages of the viewport, so the crop looks the same at any display size.
  const imageStyle = {
    width: `${(picture.width / crop.size) * 100}%`,
    left: `${(-(crop.centreX - crop.size / 2) / crop.size) * 100}%`,
    top: `${(-(crop.centreY - crop.size / 2) / crop.size) * 100}%`,
  };
  const zoom = zoomOf(picture, crop);

  return (
    <div className="avatar-cropper">
      <div
        ref={viewport}
        className="avatar-cropper__viewport"
        role="group"
        aria-roledescription="photo crop"
        aria-label="Photo crop"
        aria-describedby={hintId}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <img className="avatar-cropper__image" src={source} alt="" draggable={false} style={imageStyle} />
        <span className="avatar-cropper__mask" aria-hidden="true" />
      </div>
      <p id={hintId} className="avatar-cropper__hint">
        Drag to move, scroll or pinch to zoom. With the keyboard: arrow keys move, + and − zoom.
      </p>
      <div className="avatar-cropper__zoom">
        <label htmlFor={zoomId}>Zoom</label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.01}
          value={zoom}
          aria-valuetext={`${Math.round(zoom * 100)}%`}
          onChange={(event) => onCropChange(zoomTo(picture, crop, Number(event.target.value)))}
        />
      </div>
    </div>
  );
}
