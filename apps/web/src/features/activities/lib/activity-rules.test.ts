import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ApiError } from '../../../lib/api-client';
import { activityPath, forbiddenViewOfError, isActivityOfTarget, isJoinWindowOpen, isOpenableLink, parseActivityHash } from './activity-rules';

describe('learning-activity routes (spec §2)', () => {
  it('parses every hash target', () => {
    expect(parseActivityHash('#/42')).toEqual({ activityId: 42, view: 'activity', isScoresView: false });
    expect(parseActivityHash('#/42?view=scores')).toEqual({ activityId: 42, view: 'activity', isScoresView: true });
    expect(parseActivityHash('#/exam/7')).toMatchObject({ activityId: 7, view: 'exam' });
    expect(parseActivityHash('#/exam/7/score-list')).toMatchObject({ activityId: 7, view: 'exam-score-list' });
    expect(parseActivityHash('#/classroom/8')).toMatchObject({ activityId: 8, view: 'classroom' });
    expect(parseActivityHash('#/questionnaire/9')).toMatchObject({ activityId: 9, view: 'questionnaire' });
    expect(parseActivityHash('#/10/detail')).toMatchObject({ activityId: 10, view: 'live-detail' });
    expect(parseActivityHash('#/abc')).toBeNull();
    expect(parseActivityHash('')).toBeNull();
  });

  it('opens each type at its own destination', () => {
    expect(activityPath(3, { id: 5, type: 'page' })).toBe('/course/3/learning-activity#/5');
    expect(activityPath(3, { id: 5, type: 'exam' })).toBe('/course/3/learning-activity#/exam/5');
    expect(activityPath(3, { id: 5, type: 'questionnaire' })).toBe('/course/3/learning-activity/full-screen#/questionnaire/5');
    expect(activityPath(3, { id: 5, type: 'classroom' })).toBe('/course/3/learning-activity#/classroom/5');
    expect(activityPath(3, { id: 5, type: 'lecture_live' })).toBe('/course/3/live-activities#/5/detail');
    // Every meeting type opens on the live-activities page (decision 0150).
    expect(activityPath(3, { id: 6, type: 'zoom' })).toBe('/course/3/live-activities#/6/detail');
    expect(activityPath(3, { id: 7, type: 'tencent_meeting' })).toBe('/course/3/live-activities#/7/detail');
  });
});

describe('access-forbidden popup from the server 403 (spec §2, §9 YYYY-MM-DD HH:mm)', () => {
  const start = '2030-01-02T03:04:00.000Z';
  const end = '2020-05-06T07:08:00.000Z';
  it('maps each code to its title and time', () => {
    expect(forbiddenViewOfError(new ApiError(403, { code: 'ACTIVITY_NOT_STARTED', message: 'x', start_time: start } as never))).toEqual({
      titleKey: 'forbidden.notStarted',
      time: dayjs(start).format('YYYY-MM-DD HH:mm'),
    });
    expect(forbiddenViewOfError(new ApiError(403, { code: 'ACTIVITY_ENDED', message: 'x', end_time: end } as never))).toEqual({
      titleKey: 'forbidden.ended',
      time: dayjs(end).format('YYYY-MM-DD HH:mm'),
    });
    expect(forbiddenViewOfError(new ApiError(403, { code: 'ACTIVITY_UNPUBLISHED', message: 'x' }))).toEqual({ titleKey: 'forbidden.unpublished', time: null });
    expect(forbiddenViewOfError(new ApiError(403, { code: 'ACTIVITY_LOCKED', message: 'x' }))).toEqual({ titleKey: 'forbidden.locked', time: null });
    expect(forbiddenViewOfError(new ApiError(403, { code: 'FORBIDDEN', message: 'x' }))).toBeNull();
    expect(forbiddenViewOfError(new ApiError(404, { code: 'ACTIVITY_NOT_FOUND', message: 'x' }))).toBeNull();
  });

  it('writes the time in the account’s zone when given one (issue 20 §13: as the calendar shows it)', () => {
    expect(forbiddenViewOfError(new ApiError(403, { code: 'ACTIVITY_NOT_STARTED', message: 'x', start_time: start } as never), 'Asia/Shanghai')).toEqual({
      titleKey: 'forbidden.notStarted',
      time: '2030-01-02 11:04',
    });
    expect(forbiddenViewOfError(new ApiError(403, { code: 'ACTIVITY_ENDED', message: 'x', end_time: end } as never), 'America/New_York')).toEqual({
      titleKey: 'forbidden.ended',
      time: '2020-05-06 03:08',
    });
  });
});

describe('links and meeting windows', () => {
  it('opens only http and https', () => {
    expect(isOpenableLink('https://example.org')).toBe(true);
    expect(isOpenableLink('javascript:alert(1)')).toBe(false);
    expect(isOpenableLink('data:text/html,<script>')).toBe(false);
    expect(isOpenableLink(undefined)).toBe(false);
  });
  it('enables join only inside the time window', () => {
    const start = '2026-01-01T10:00:00Z';
    const end = '2026-01-01T11:00:00Z';
    expect(isJoinWindowOpen(start, end, Date.parse('2026-01-01T09:59:00Z'))).toBe(false);
    expect(isJoinWindowOpen(start, end, Date.parse('2026-01-01T10:30:00Z'))).toBe(true);
    expect(isJoinWindowOpen(start, end, Date.parse('2026-01-01T11:01:00Z'))).toBe(false);
    expect(isJoinWindowOpen(null, null, 0)).toBe(true);
  });
});

describe('isActivityOfTarget (issue 20 §13: hash routes check course and type)', () => {
  const target = (hash: string) => parseActivityHash(hash)!;
  it('needs the course of the path', () => {
    expect(isActivityOfTarget({ course_id: 4, type: 'page' }, 4, target('#/1'))).toBe(true);
    expect(isActivityOfTarget({ course_id: 3, type: 'page' }, 4, target('#/1'))).toBe(false);
  });
  it('needs the type a typed hash names; the generic #/{id} opens any type', () => {
    expect(isActivityOfTarget({ course_id: 4, type: 'classroom' }, 4, target('#/classroom/1'))).toBe(true);
    expect(isActivityOfTarget({ course_id: 4, type: 'page' }, 4, target('#/classroom/1'))).toBe(false);
    expect(isActivityOfTarget({ course_id: 4, type: 'exam' }, 4, target('#/exam/1'))).toBe(true);
    expect(isActivityOfTarget({ course_id: 4, type: 'exam' }, 4, target('#/exam/1/score-list'))).toBe(true);
    expect(isActivityOfTarget({ course_id: 4, type: 'classroom' }, 4, target('#/exam/1'))).toBe(false);
    expect(isActivityOfTarget({ course_id: 4, type: 'questionnaire' }, 4, target('#/questionnaire/1'))).toBe(true);
    expect(isActivityOfTarget({ course_id: 4, type: 'homework' }, 4, target('#/questionnaire/1'))).toBe(false);
    expect(isActivityOfTarget({ course_id: 4, type: 'lecture_live' }, 4, target('#/1/detail'))).toBe(true);
    expect(isActivityOfTarget({ course_id: 4, type: 'dingtalk_live' }, 4, target('#/1/detail'))).toBe(true);
    expect(isActivityOfTarget({ course_id: 4, type: 'page' }, 4, target('#/1/detail'))).toBe(false);
    expect(isActivityOfTarget({ course_id: 4, type: 'exam' }, 4, target('#/1'))).toBe(true);
    expect(isActivityOfTarget({ course_id: 4, type: 'homework' }, 4, target('#/1?view=scores'))).toBe(true);
  });
});
