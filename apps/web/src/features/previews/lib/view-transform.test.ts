import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ZOOM } from '@atrium/contracts';
import { canZoomIn, canZoomOut, clampZoom, isSideways, normalizeRotation, rotateClockwise, zoomIn, zoomOut, zoomPercent } from './view-transform';

describe('zoom (spec §9: step 0.2, min 0.2, max 5)', () => {
  it('steps by 0.2 without float noise', () => {
    expect(zoomIn(1)).toBe(1.2);
    expect(zoomIn(zoomIn(zoomIn(1)))).toBe(1.6);
    expect(zoomOut(1)).toBe(0.8);
    expect(clampZoom(1.2000000000000002)).toBe(1.2);
    expect(zoomPercent(1.2000000000000002)).toBe(120);
  });

  it('clamps at 0.2 and 5', () => {
    expect(zoomOut(0.2)).toBe(0.2);
    expect(zoomOut(0.3)).toBe(0.2);
    expect(zoomIn(5)).toBe(5);
    expect(zoomIn(4.9)).toBe(5);
    expect(clampZoom(100)).toBe(5);
    expect(clampZoom(-1)).toBe(0.2);
    expect(canZoomIn(5)).toBe(false);
    expect(canZoomOut(0.2)).toBe(false);
    expect(canZoomIn(1)).toBe(true);
    expect(canZoomOut(1)).toBe(true);
  });

  it('reaches 5 from 1 in 20 steps in and back to 1 in 20 steps out', () => {
    let zoom = 1;
    for (let i = 0; i < 20; i += 1) zoom = zoomIn(zoom);
    expect(zoom).toBe(5);
    for (let i = 0; i < 20; i += 1) zoom = zoomOut(zoom);
    expect(zoom).toBe(1);
  });

  it('any sequence of steps stays within bounds on a hundredths grid', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 60 }), (steps) => {
        const zoom = steps.reduce((z, isIn) => (isIn ? zoomIn(z) : zoomOut(z)), 1);
        return zoom >= ZOOM.min && zoom <= ZOOM.max && Math.abs(zoom * 100 - Math.round(zoom * 100)) < 1e-9;
      }),
    );
  });
});

describe('rotation (spec §9: 90° steps)', () => {
  it('turns a quarter at a time and wraps at 360', () => {
    expect(rotateClockwise(0)).toBe(90);
    expect(rotateClockwise(90)).toBe(180);
    expect(rotateClockwise(270)).toBe(0);
    expect(normalizeRotation(-90)).toBe(270);
    expect(isSideways(90)).toBe(true);
    expect(isSideways(180)).toBe(false);
  });
});
