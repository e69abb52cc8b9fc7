import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apply, compose, invert, pageViewport } from './page-geometry';

describe('pageViewport (pdf.js PageViewport semantics)', () => {
  it('maps the corners of a 600 × 800 pt page at scale 2 for each rotation', () => {
    const view = [0, 0, 600, 800] as const;
    const upright = pageViewport(view, 2, 0);
    expect([upright.width, upright.height]).toEqual([1200, 1600]);
    expect(apply(upright.transform, [0, 800])).toEqual([0, 0]);
    expect(apply(upright.transform, [600, 0])).toEqual([1200, 1600]);

    const quarter = pageViewport(view, 2, 90);
    expect([quarter.width, quarter.height]).toEqual([1600, 1200]);
    // Turned clockwise: the page's top-left corner goes to the top-right.
    expect(apply(quarter.transform, [0, 800])).toEqual([1600, 0]);

    const half = pageViewport(view, 1, 180);
    expect(apply(half.transform, [0, 800])).toEqual([600, 800]);
    const threeQuarters = pageViewport(view, 1, 270);
    expect(apply(threeQuarters.transform, [0, 800])).toEqual([0, 600]);
  });

  it('takes a page box that does not start at the origin', () => {
    const viewport = pageViewport([10, 20, 110, 220], 1, 0);
    expect(apply(viewport.transform, [10, 220])).toEqual([0, 0]);
  });

  it('inverts: a point through the viewport and back is the same point', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 90, 180, 270),
        fc.double({ min: 0.25, max: 4, noNaN: true }),
        fc.tuple(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.double({ min: -1000, max: 1000, noNaN: true })),
        (rotation, scale, point) => {
          const { transform } = pageViewport([0, 0, 612, 792], scale, rotation);
          const [x, y] = apply(invert(transform), apply(transform, point));
          expect(x).toBeCloseTo(point[0], 6);
          expect(y).toBeCloseTo(point[1], 6);
          expect(apply(compose(transform, invert(transform)), point)[0]).toBeCloseTo(point[0], 6);
        },
      ),
    );
  });
});
