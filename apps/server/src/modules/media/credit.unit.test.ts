import { describe, expect, it } from 'vitest';
import { CREDIT_SLACK_SECONDS, creditReport, mergeRanges, unplayedSegments } from './credit.js';

describe('play-progress credit (decision 0030)', () => {
  it('merges touching and overlapping ranges', () => {
    expect(
      mergeRanges([
        [5, 6],
        [0, 2],
        [2, 3],
        [2.5, 4],
      ]),
    ).toEqual([
      [0, 4],
      [5, 6],
    ]);
  });

  it('answers the unplayed segments of the duration', () => {
    expect(
      unplayedSegments(
        [
          [2, 4],
          [6, 10],
        ],
        8,
      ),
    ).toEqual([
      [0, 2],
      [4, 6],
    ]);
    expect(unplayedSegments([], 5)).toEqual([[0, 5]]);
  });

  it('credits no more new play than the wall clock allows (2× rate plus slack)', () => {
    const out = creditReport({ viewed: [], maxPosition: 0, reported: [[0, 600]], elapsedSeconds: 10, isForwardRefused: false, duration: null });
    expect(out.credited).toBe(10 * 2 + CREDIT_SLACK_SECONDS);
    expect(out.viewed).toEqual([[0, 25]]);
  });

  it('re-reporting what is already credited costs no budget', () => {
    const out = creditReport({
      viewed: [[0, 100]],
      maxPosition: 100,
      reported: [
        [0, 100],
        [100, 200],
      ],
      elapsedSeconds: 0,
      isForwardRefused: true,
      duration: null,
    });
    expect(out.viewed).toEqual([[0, 100 + CREDIT_SLACK_SECONDS]]);
  });

  it('with forward seeking refused, a range starting beyond the furthest position is dropped however long ago the last report was', () => {
    const out = creditReport({ viewed: [[0, 30]], maxPosition: 30, reported: [[60, 90]], elapsedSeconds: 300, isForwardRefused: true, duration: 120 });
    expect(out).toEqual({ viewed: [[0, 30]], maxPosition: 30, credited: 0 });
  });

  it('with forward seeking refused, consecutive ranges of one report continue from each other', () => {
    const out = creditReport({
      viewed: [],
      maxPosition: 0,
      reported: [
        [0, 10],
        [10.5, 20],
      ],
      elapsedSeconds: 20,
      isForwardRefused: true,
      duration: 120,
    });
    expect(out.viewed).toEqual([
      [0, 10],
      [10.5, 20],
    ]);
    expect(out.maxPosition).toBe(20);
  });

  it('with seeking allowed, ranges anywhere are credited within the budget; never beyond the duration', () => {
    const out = creditReport({
      viewed: [],
      maxPosition: 0,
      reported: [
        [50, 60],
        [115, 200],
      ],
      elapsedSeconds: 30,
      isForwardRefused: false,
      duration: 120,
    });
    expect(out.viewed).toEqual([
      [50, 60],
      [115, 120],
    ]);
    expect(out.maxPosition).toBe(120);
  });
});
