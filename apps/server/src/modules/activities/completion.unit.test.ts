import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompletionCriterion } from '@atrium/contracts';
import { accessOf, completenessPercent, isActivityCompleted, mergeRanges, watchedPercent, type AccessActivity, type CompletionRecord } from './completion.js';

const record = (uploadId: number, extra: Partial<CompletionRecord> = {}): CompletionRecord => ({
  uploadId,
  viewedPages: [],
  viewedRanges: [],
  isCompleted: false,
  ...extra,
});
const rangeArb = fc.tuple(fc.double({ min: -10, max: 200, noNaN: true }), fc.double({ min: -10, max: 200, noNaN: true }));

describe('mergeRanges', () => {
  it('answers sorted, disjoint ranges covering exactly the same points as the input', () => {
    fc.assert(
      fc.property(fc.array(rangeArb, { maxLength: 30 }), fc.double({ min: 0, max: 200, noNaN: true }), (ranges, x) => {
        const merged = mergeRanges(ranges);
        for (let i = 1; i < merged.length; i++) expect(merged[i]![0]).toBeGreaterThan(merged[i - 1]![1]);
        const inInput = ranges.some(([s, e]) => e > s && x >= Math.max(0, s) && x <= e);
        const inMerged = merged.some(([s, e]) => x >= s && x <= e);
        expect(inMerged).toBe(inInput);
      }),
    );
  });
  it('joins overlapping and touching ranges, drops empty ones', () => {
    expect(
      mergeRanges([
        [10, 20],
        [0, 5],
        [5, 8],
        [15, 30],
        [40, 40],
        [50, 45],
      ]),
    ).toEqual([
      [0, 8],
      [10, 30],
    ]);
  });
});

describe('watchedPercent', () => {
  it('is within 0..100, does not depend on the order or repetition of ranges, and never falls when a range is added', () => {
    fc.assert(
      fc.property(fc.array(rangeArb, { maxLength: 20 }), rangeArb, fc.double({ min: 1, max: 300, noNaN: true }), (ranges, extra, duration) => {
        const p = watchedPercent(ranges, duration);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
        expect(watchedPercent([...ranges].reverse().concat(ranges), duration)).toBeCloseTo(p, 9);
        expect(watchedPercent([...ranges, extra], duration)).toBeGreaterThanOrEqual(p - 1e-9);
      }),
    );
  });
  it('counts seconds once and clips to the duration; unknown duration is 0', () => {
    expect(
      watchedPercent(
        [
          [0, 30],
          [20, 50],
        ],
        100,
      ),
    ).toBe(50);
    expect(watchedPercent([[90, 150]], 100)).toBe(10);
    expect(watchedPercent([[0, 50]], null)).toBe(0);
  });
});

describe('isActivityCompleted', () => {
  const doc = { id: 7, type: 'document', numPages: 3 };
  it('documents: every page 1..numPages viewed when the page count is known; an opening only when it is unknown', () => {
    const material = { type: 'material' as const, criterion: 'viewed' as const, percent: null, uploads: [doc] };
    expect(isActivityCompleted(material, [record(7, { viewedPages: [1, 3] })])).toBe(false);
    expect(isActivityCompleted(material, [record(7, { viewedPages: [3, 2, 1] })])).toBe(true);
    expect(isActivityCompleted(material, [record(0)])).toBe(false);
    // A PDF opened without any page reported is not viewed (the previewer reports pages).
    expect(isActivityCompleted(material, [record(7)])).toBe(false);
    expect(isActivityCompleted({ ...material, uploads: [{ id: 7, type: 'document', numPages: null }] }, [record(7)])).toBe(true);
  });
  it('documents: with pages reported, completed exactly when they include all of 1..n (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(fc.integer({ min: 1, max: 45 }), { minLength: 1, maxLength: 80 }), (n, pages) => {
        const done = isActivityCompleted({ type: 'material', criterion: 'viewed', percent: null, uploads: [{ id: 1, type: 'document', numPages: n }] }, [
          record(1, { viewedPages: pages }),
        ]);
        const all = Array.from({ length: n }, (_, i) => i + 1).every((p) => pages.includes(p));
        expect(done).toBe(all);
      }),
    );
  });
  it('video_percent: merged ranges over the duration reach the share, for every media upload', () => {
    const video = { type: 'online_video' as const, criterion: 'video_percent' as const, percent: 80, uploads: [{ id: 3, type: 'video', duration: 100 }] };
    expect(
      isActivityCompleted(video, [
        record(3, {
          viewedRanges: [
            [0, 50],
            [40, 79],
          ],
        }),
      ]),
    ).toBe(false);
    expect(
      isActivityCompleted(video, [
        record(3, {
          viewedRanges: [
            [0, 50],
            [40, 80],
          ],
        }),
      ]),
    ).toBe(true);
    expect(isActivityCompleted(video, [record(0)])).toBe(false);
    // A linked online video cannot be observed: a visit completes it.
    expect(isActivityCompleted({ ...video, uploads: [] }, [record(0)])).toBe(true);
  });
  it('viewed: a visit for activities without files; each file opened otherwise', () => {
    expect(isActivityCompleted({ type: 'page', criterion: 'viewed', percent: null, uploads: [] }, [])).toBe(false);
    expect(isActivityCompleted({ type: 'page', criterion: 'viewed', percent: null, uploads: [] }, [record(0)])).toBe(true);
    const two = {
      type: 'material' as const,
      criterion: 'viewed' as const,
      percent: null,
      uploads: [
        { id: 1, type: 'image' },
        { id: 2, type: 'image' },
      ],
    };
    expect(isActivityCompleted(two, [record(1)])).toBe(false);
    expect(isActivityCompleted(two, [record(1), record(2)])).toBe(true);
  });
  it('scorm: each package completed by its runtime status, not by a visit or an opening', () => {
    const scorm = {
      type: 'scorm' as const,
      criterion: 'viewed' as const,
      percent: null,
      uploads: [
        { id: 4, type: 'scorm' },
        { id: 5, type: 'scorm' },
      ],
    };
    expect(isActivityCompleted(scorm, [record(0), record(4), record(5)])).toBe(false);
    expect(isActivityCompleted(scorm, [record(4, { isCompleted: true }), record(5)])).toBe(false);
    expect(isActivityCompleted(scorm, [record(4, { isCompleted: true }), record(5, { isCompleted: true })])).toBe(true);
  });
  it('an upload record flagged completed completes that upload only, not the whole activity', () => {
    const mixed = {
      type: 'material' as const,
      criterion: 'viewed' as const,
      percent: null,
      uploads: [
        { id: 3, type: 'video', duration: 10 },
        { id: 8, type: 'image' },
      ],
    };
    expect(isActivityCompleted(mixed, [record(3, { isCompleted: true })])).toBe(false);
    expect(isActivityCompleted(mixed, [record(3, { isCompleted: true }), record(8)])).toBe(true);
  });
  it('submitted and scored: only when a record says so', () => {
    for (const criterion of ['submitted', 'scored'] as const) {
      expect(isActivityCompleted({ type: 'homework', criterion, percent: null, uploads: [] }, [record(0)])).toBe(false);
      expect(isActivityCompleted({ type: 'homework', criterion, percent: null, uploads: [] }, [record(0, { isCompleted: true })])).toBe(true);
    }
  });
});

const activityArb: fc.Arbitrary<AccessActivity> = fc.record({
  isPublished: fc.boolean(),
  isModulePublished: fc.boolean(),
  startTime: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
  endTime: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
  criterion: fc.constantFrom<CompletionCriterion>('viewed', 'video_percent', 'submitted', 'scored'),
  isCompleted: fc.boolean(),
});

describe('accessOf (checkpoint and time rules)', () => {
  const open = (over: Partial<AccessActivity> = {}): AccessActivity => ({
    isPublished: true,
    isModulePublished: true,
    startTime: null,
    endTime: null,
    criterion: 'viewed',
    isCompleted: false,
    ...over,
  });
  it('checkpoint locks everything after the first unfinished visible completable activity', () => {
    expect(accessOf([open({ isCompleted: true }), open(), open(), open({ isCompleted: true })], 'checkpoint', 100, false)).toEqual([
      'open',
      'open',
      'locked',
      'locked',
    ]);
    expect(accessOf([open(), open()], 'free', 100, false)).toEqual(['open', 'open']);
  });
  it('unpublished, not-started, ended, in that order; submitted/scored and hidden activities do not lock', () => {
    const list = [open({ isPublished: false }), open({ criterion: 'submitted' }), open({ startTime: 200 }), open({ endTime: 50, isCompleted: true }), open()];
    expect(accessOf(list, 'checkpoint', 100, false)).toEqual(['unpublished', 'open', 'not_started', 'ended', 'locked']);
    expect(accessOf([open({ isModulePublished: false }), open()], 'checkpoint', 100, false)).toEqual(['unpublished', 'open']);
  });
  it('the course team is never refused', () => {
    fc.assert(
      fc.property(fc.array(activityArb, { maxLength: 30 }), fc.constantFrom('free', 'checkpoint' as const), (list, mode) => {
        expect(accessOf(list, mode, 100, true).every((a) => a === 'open')).toBe(true);
      }),
    );
  });
  it('properties: free mode never locks; checkpoint differs from free only by locks, and only after an unfinished visible completable activity', () => {
    fc.assert(
      fc.property(fc.array(activityArb, { maxLength: 30 }), fc.integer({ min: 0, max: 200 }), (list, now) => {
        const free = accessOf(list, 'free', now, false);
        const checkpoint = accessOf(list, 'checkpoint', now, false);
        expect(free).not.toContain('locked');
        checkpoint.forEach((a, i) => {
          if (a === free[i]) return;
          expect(free[i]).toBe('open');
          expect(a).toBe('locked');
          const before = list.slice(0, i);
          expect(
            before.some((b) => b.isPublished && b.isModulePublished && (b.criterion === 'viewed' || b.criterion === 'video_percent') && !b.isCompleted),
          ).toBe(true);
        });
        // Completing everything unlocks everything.
        const done = list.map((a) => ({ ...a, isCompleted: true }));
        expect(accessOf(done, 'checkpoint', now, false)).toEqual(accessOf(done, 'free', now, false));
      }),
    );
  });
});

describe('completenessPercent', () => {
  it('floors the share of visible completable activities completed; 100 only when all are', () => {
    fc.assert(
      fc.property(fc.array(activityArb, { maxLength: 40 }), (list) => {
        const p = completenessPercent(list);
        const counted = list.filter((a) => a.isPublished && a.isModulePublished && (a.criterion === 'viewed' || a.criterion === 'video_percent'));
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
        expect(p === 100).toBe(counted.length > 0 && counted.every((a) => a.isCompleted));
      }),
    );
    expect(completenessPercent([])).toBe(0);
  });
});

describe('submitted and scored activities (issue 15)', () => {
  const base = { isPublished: true, isModulePublished: true, startTime: null, endTime: null };
  it('an exam, questionnaire or homework counts towards completeness once its feature marks it; a forum (no such feature) does not count', () => {
    const page = { ...base, criterion: 'viewed' as const, isCompleted: true, type: 'page' };
    const exam = { ...base, criterion: 'submitted' as const, isCompleted: false, type: 'exam' };
    const questionnaire = { ...base, criterion: 'scored' as const, isCompleted: true, type: 'questionnaire' };
    const homework = { ...base, criterion: 'submitted' as const, isCompleted: false, type: 'homework' };
    const forum = { ...base, criterion: 'submitted' as const, isCompleted: false, type: 'forum' };
    expect(completenessPercent([page, exam, questionnaire, forum])).toBe(66);
    expect(completenessPercent([page, { ...exam, isCompleted: true }, questionnaire, forum])).toBe(100);
    expect(completenessPercent([page, { ...exam, isCompleted: true }, questionnaire, homework])).toBe(75);
  });

  it('in checkpoint mode an unsubmitted exam locks what follows; reading it does not complete it', () => {
    const exam = { ...base, criterion: 'submitted' as const, isCompleted: false, type: 'exam' };
    const page = { ...base, criterion: 'viewed' as const, isCompleted: false, type: 'page' };
    expect(accessOf([exam, page], 'checkpoint', 0, false)).toEqual(['open', 'locked']);
    expect(accessOf([{ ...exam, type: 'homework' }, page], 'checkpoint', 0, false)).toEqual(['open', 'locked']);
    expect(accessOf([{ ...exam, type: 'forum' }, page], 'checkpoint', 0, false)).toEqual(['open', 'open']);
    const visited: CompletionRecord[] = [{ uploadId: 0, viewedPages: [], viewedRanges: [], isCompleted: false } as unknown as CompletionRecord];
    expect(isActivityCompleted({ type: 'exam', criterion: 'submitted', percent: null, uploads: [] }, visited)).toBe(false);
    expect(isActivityCompleted({ type: 'exam', criterion: 'submitted', percent: null, uploads: [] }, [{ ...visited[0]!, isCompleted: true }])).toBe(true);
  });
});
