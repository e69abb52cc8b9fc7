import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { courseTotal, type TotalItem } from './totals.js';

const item = (id: number, maxScore: number, weight = 1, categoryId: number | null = null): TotalItem => ({ id, maxScore, weight, categoryId });

describe('courseTotal', () => {
  it('is the weighted mean of the graded items’ percentages, skipping ungraded ones', () => {
    const items = [item(1, 100), item(2, 50, 3), item(3, 10)];
    // 80% weight 1, 50% weight 3, item 3 ungraded → (80 + 150) / 4 = 57.5
    expect(
      courseTotal(
        items,
        new Map(),
        new Map([
          [1, 80],
          [2, 25],
          [3, null],
        ]),
      ),
    ).toBe(57.5);
  });

  it('weights categories, uncategorised items forming one category of weight 1, and drops empty categories', () => {
    const items = [item(1, 100, 1, 10), item(2, 100, 1, 10), item(3, 100, 1, 20), item(4, 100, 1, null), item(5, 100, 1, 30)];
    const weights = new Map([
      [10, 2],
      [20, 1],
      [30, 5],
    ]);
    // cat 10: (100 + 50) / 2 = 75 (w 2); cat 20: 40 (w 1); none: 70 (w 1); cat 30 empty → (150 + 40 + 70) / 4 = 65
    expect(
      courseTotal(
        items,
        weights,
        new Map([
          [1, 100],
          [2, 50],
          [3, 40],
          [4, 70],
        ]),
      ),
    ).toBe(65);
  });

  it('is null when nothing counts, and clamps scores above the maximum', () => {
    expect(courseTotal([item(1, 100)], new Map(), new Map())).toBeNull();
    expect(courseTotal([item(1, 100, 0)], new Map(), new Map([[1, 50]]))).toBeNull();
    expect(courseTotal([item(1, 10)], new Map(), new Map([[1, 15]]))).toBe(100);
  });

  it('always lies between the lowest and the highest counted percentage', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            max: fc.integer({ min: 1, max: 200 }),
            weight: fc.integer({ min: 1, max: 10 }),
            ratio: fc.double({ min: 0, max: 1, noNaN: true }),
            cat: fc.constantFrom(null, 1, 2),
          }),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        (rows) => {
          const items = rows.map((r, i) => item(i + 1, r.max, r.weight, r.cat));
          const scores = new Map(rows.map((r, i) => [i + 1, r.ratio * r.max]));
          const total = courseTotal(
            items,
            new Map([
              [1, 2],
              [2, 3],
            ]),
            scores,
          )!;
          const pcts = rows.map((r) => r.ratio * 100);
          expect(total).toBeGreaterThanOrEqual(Math.min(...pcts) - 0.01);
          expect(total).toBeLessThanOrEqual(Math.max(...pcts) + 0.01);
        },
      ),
      { numRuns: 200 },
    );
  });
});
