import { describe, expect, it } from 'vitest';
import { constrain, initialCrop, MAX_ZOOM, moveBy, sourceRectangle, zoomOf, zoomTo } from './crop-geometry.ts';

const landscape = { width: 1600, height: 900 };

describe('crop geometry', () => {
  it('opens on the largest centred square', () => {
    expect(initialCrop(landscape)).toEqual({ centreX: 800, centreY: 450, size: 900 });
    expect(sourceRectangle(landscape, initialCrop(landscape))).toEqual({ x: 350, y: 0, size: 900 });
  });

  it('moves only as far as the picture goes', () => {
    const crop = initialCrop(landscape);
    expect(moveBy(landscape, crop, -1000, 0)).toMatchObject({ centreX: 450, centreY: 450 });
    expect(moveBy(landscape, crop, 1000, 40)).toMatchObject({ centreX: 1150, centreY: 450 });
    expect(sourceRectangle(landscape, moveBy(landscape, crop, 1000, 0))).toEqual({ x: 700, y: 0, size: 900 });
  });

  it('zooms between the whole short side and MAX_ZOOM, keeping the anchored point still', () => {
    const crop = initialCrop(landscape);
    const twice = zoomTo(landscape, crop, 2);
    expect(twice).toEqual({ centreX: 800, centreY: 450, size: 450 });
    expect(zoomOf(landscape, twice)).toBe(2);
    expect(zoomOf(landscape, zoomTo(landscape, crop, 50))).toBe(MAX_ZOOM);
    expect(zoomOf(landscape, zoomTo(landscape, twice, 0.1))).toBe(1);
    // Zooming at the crop's top-left corner keeps that corner where it was.
    const atCorner = zoomTo(landscape, crop, 2, { x: 0, y: 0 });
    expect(atCorner.centreX - atCorner.size / 2).toBe(350);
    expect(atCorner.centreY - atCorner.size / 2).toBe(0);
  });

  it('keeps a constrained crop inside a tiny picture', () => {
    const tiny = { width: 3, height: 2 };
    expect(sourceRectangle(tiny, constrain(tiny, { centreX: 99, centreY: -5, size: 10 }))).toEqual({ x: 1, y: 0, size: 2 });
  });
});
