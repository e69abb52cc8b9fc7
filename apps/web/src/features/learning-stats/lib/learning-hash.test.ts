import { describe, expect, it } from 'vitest';
import { LEARNING_STATS_MAX_DAYS } from '@atrium/contracts';
import { learningHash, parseLearningHash, viewForOtherCourse, type LearningView } from './learning-hash';
import { addDays, defaultPeriod, isAllowedPeriod, lastDays, periodLength } from '../../../lib/period';

describe('the learning-progress hash (spec §2 #/{courseId}/alert-list; issue 25 item 3)', () => {
  it('reads each view of a course', () => {
    expect(parseLearningHash('#/12')).toEqual({ courseId: 12, view: { tab: 'overview' } });
    expect(parseLearningHash('#/12/')).toEqual({ courseId: 12, view: { tab: 'overview' } });
    expect(parseLearningHash('#/12/overview')).toEqual({ courseId: 12, view: { tab: 'overview' } });
    expect(parseLearningHash('#/12/students')).toEqual({ courseId: 12, view: { tab: 'students' } });
    expect(parseLearningHash('#/12/students/41')).toEqual({ courseId: 12, view: { tab: 'student', userId: 41 } });
    expect(parseLearningHash('#/12/alert-list')).toEqual({ courseId: 12, view: { tab: 'alert-list' } });
  });

  it('refuses any other hash', () => {
    for (const hash of [
      '',
      '#',
      '#/',
      '#/x/alert-list',
      '#/0/overview',
      '#/12/grades',
      '#/12/overview/41',
      '#/12/alert-list/41',
      '#/12/students/0',
      '#/12/students/x',
      '#/12/students/41/more',
      '#/99999999999999999999',
      '12/alert-list',
    ])
      expect(parseLearningHash(hash), hash).toBeNull();
  });

  it('writes the hash it reads back', () => {
    const views: LearningView[] = [{ tab: 'overview' }, { tab: 'students' }, { tab: 'student', userId: 41 }, { tab: 'alert-list' }];
    expect(views.map((view) => learningHash(7, view))).toEqual(['#/7/overview', '#/7/students', '#/7/students/41', '#/7/alert-list']);
    for (const view of views) expect(parseLearningHash(learningHash(7, view))).toEqual({ courseId: 7, view });
  });

  it('another course keeps the tab; a student becomes the students table; no course yet opens the alert list', () => {
    expect(viewForOtherCourse(null)).toEqual({ tab: 'alert-list' });
    expect(viewForOtherCourse({ tab: 'overview' })).toEqual({ tab: 'overview' });
    expect(viewForOtherCourse({ tab: 'students' })).toEqual({ tab: 'students' });
    expect(viewForOtherCourse({ tab: 'student', userId: 41 })).toEqual({ tab: 'students' });
    expect(viewForOtherCourse({ tab: 'alert-list' })).toEqual({ tab: 'alert-list' });
  });
});

describe('the dashboard period (UTC days, both ends included, at most 366)', () => {
  it('defaults to the 30 days ending on the UTC day of now, as the server does', () => {
    expect(defaultPeriod(new Date('2026-11-11T23:30:00Z'))).toEqual({ from: '2026-10-13', to: '2026-11-11' });
    expect(periodLength(defaultPeriod(new Date('2026-03-01T00:00:00Z')))).toBe(30);
    // Across a year's end and a leap day.
    expect(lastDays(7, new Date('2027-01-02T08:00:00Z'))).toEqual({ from: '2026-12-27', to: '2027-01-02' });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('allows one day up to 366 days, forwards only', () => {
    expect(isAllowedPeriod({ from: '2026-11-11', to: '2026-11-11' })).toBe(true);
    expect(isAllowedPeriod({ from: '2026-01-01', to: addDays('2026-01-01', LEARNING_STATS_MAX_DAYS - 1) })).toBe(true);
    expect(isAllowedPeriod({ from: '2026-01-01', to: addDays('2026-01-01', LEARNING_STATS_MAX_DAYS) })).toBe(false);
    expect(isAllowedPeriod({ from: '2026-11-12', to: '2026-11-11' })).toBe(false);
  });
});
