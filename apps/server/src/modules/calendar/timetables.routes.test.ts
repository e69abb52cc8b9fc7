import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TIMETABLE_SAVED_COLOR } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { calendarWorld, injectAs, type CalendarWorld, type Who } from '../../../test/helpers/calendar-world.js';
import { courses } from '../courses/courses.table.js';
import { calendarTimetables } from './calendar.table.js';

let t: TestApp;
let w: CalendarWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await calendarWorld(t);
});
afterAll(() => t.close());

const inject = (...args: Parameters<ReturnType<typeof injectAs>>) => injectAs(t, w)(...args);
type Occ = { id: number; start_time: string; end_time: string; editable: boolean; location: string | null; course_title: string };
const list = async (who: Who, start: string, end: string): Promise<Occ[]> => {
  const res = await inject('GET', `/api/calendar-timetables?start=${start}&end=${end}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().timetables;
};
const seriesCount = async () => (await t.app.deps.db.select().from(calendarTimetables)).length;
// The instructor's zone is Europe/London (calendar-world); 2027-01-04 is a Monday (GMT).
const weekly = {
  course_id: 0,
  start_time: '2027-01-04T09:00:00Z',
  end_time: '2027-01-04T11:00:00Z',
  repeat_type: 'week',
  repeat_weekly_days: '1,3',
  repeat_end_date: '2027-02-28',
  location: 'Room 1',
};

describe('POST /api/calendar-timetables', () => {
  it('stores a weekly Monday/Wednesday series that every member sees, editable only for staff', async () => {
    const res = await inject('POST', '/api/calendar-timetables', 'instructor', { ...weekly, course_id: w.course.id, color: '#000000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: expect.any(String),
      timetable: {
        course_id: w.course.id,
        repeat_type: 'week',
        repeat_frequency: 1,
        repeat_weekly_days: '1,3',
        color: TIMETABLE_SAVED_COLOR,
        start_time: '2027-01-04T09:00:00.000Z',
      },
    });
    const week = await list('student', '2027-01-04T00:00:00Z', '2027-01-11T00:00:00Z');
    expect(week.map((o) => o.start_time)).toEqual(['2027-01-04T09:00:00.000Z', '2027-01-06T09:00:00.000Z']);
    expect(week.every((o) => !o.editable && o.course_title === w.course.name)).toBe(true);
    expect((await list('assistant', '2027-01-04T00:00:00Z', '2027-01-11T00:00:00Z')).every((o) => o.editable)).toBe(true);
    expect(await list('outsider', '2027-01-04T00:00:00Z', '2027-01-11T00:00:00Z')).toEqual([]);
    const all = await list('student', '2027-01-01T00:00:00Z', '2027-03-01T00:00:00Z');
    expect(all).toHaveLength(16);
    expect(all.at(-1)!.start_time).toBe('2027-02-24T09:00:00.000Z');
    await t.app.deps.db.delete(calendarTimetables).where(eq(calendarTimetables.id, res.json().timetable.id));
  });
  it('normalises (spec §5): no_repeat drops weekly days, end date and frequency; ntf_content without send_ntf is dropped', async () => {
    const res = await inject('POST', '/api/calendar-timetables', 'instructor', {
      ...weekly,
      course_id: w.course.id,
      repeat_type: 'no_repeat',
      repeat_frequency: 3,
      ntf_content: 'x',
    });
    const [row] = await t.app.deps.db.select().from(calendarTimetables).where(eq(calendarTimetables.id, res.json().timetable.id));
    expect(row).toMatchObject({
      repeatType: 'no_repeat',
      repeatFrequency: null,
      repeatWeeklyDays: null,
      repeatEndDate: null,
      color: TIMETABLE_SAVED_COLOR,
      timeZone: 'Europe/London',
    });
    await t.app.deps.db.delete(calendarTimetables).where(eq(calendarTimetables.id, row!.id));
  });
  it('answers 400 naming repeat_weekly_days, course_id and end_time, 403 for a student, 401, and stores nothing', async () => {
    const before = await seriesCount();
    const noDays = await inject('POST', '/api/calendar-timetables', 'instructor', { ...weekly, course_id: w.course.id, repeat_weekly_days: undefined });
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().errors).toHaveProperty('repeat_weekly_days');
    const badDays = await inject('POST', '/api/calendar-timetables', 'instructor', { ...weekly, course_id: w.course.id, repeat_weekly_days: '0,8' });
    expect(badDays.json().errors).toHaveProperty('repeat_weekly_days');
    const noCourse = await inject('POST', '/api/calendar-timetables', 'instructor', { ...weekly, course_id: 999999 });
    expect(noCourse.json().errors).toHaveProperty('course_id');
    const foreign = await inject('POST', '/api/calendar-timetables', 'foreigner', { ...weekly, course_id: w.course.id });
    expect(foreign.json().errors).toHaveProperty('course_id');
    const backwards = await inject('POST', '/api/calendar-timetables', 'instructor', { ...weekly, course_id: w.course.id, end_time: '2027-01-04T08:00:00Z' });
    expect(backwards.json().errors).toHaveProperty('end_time');
    expect((await inject('POST', '/api/calendar-timetables', 'student', { ...weekly, course_id: w.course.id })).statusCode).toBe(403);
    expect((await inject('POST', '/api/calendar-timetables', undefined, { ...weekly, course_id: w.course.id })).statusCode).toBe(401);
    expect((await inject('GET', '/api/calendar-timetables?start=2027-01-04T00:00:00Z&end=2027-01-11T00:00:00Z')).statusCode).toBe(401);
    expect(await seriesCount()).toBe(before);
  });
  it('course_end_date bounds the series', async () => {
    await t.app.deps.db
      .update(courses)
      .set({ endDate: new Date('2027-01-12T12:00:00Z') })
      .where(eq(courses.id, w.course.id));
    const res = await inject('POST', '/api/calendar-timetables', 'instructor', { ...weekly, course_id: w.course.id, repeat_end_date: undefined });
    const occ = await list('student', '2027-01-01T00:00:00Z', '2027-03-01T00:00:00Z');
    expect(occ.map((o) => o.start_time)).toEqual(['2027-01-04T09:00:00.000Z', '2027-01-06T09:00:00.000Z', '2027-01-11T09:00:00.000Z']);
    expect(occ[0]).toMatchObject({ course_end_date: '2027-01-12' });
    await t.app.deps.db.update(courses).set({ endDate: null }).where(eq(courses.id, w.course.id));
    await t.app.deps.db.delete(calendarTimetables).where(eq(calendarTimetables.id, res.json().timetable.id));
  });
});

describe('PUT /api/calendar-timetables/{id} and /delete', () => {
  const range = ['2027-01-01T00:00:00Z', '2027-03-01T00:00:00Z'] as const;
  async function fresh() {
    const res = await inject('POST', '/api/calendar-timetables', 'instructor', { ...weekly, course_id: w.course.id });
    return res.json().timetable.id as number;
  }
  beforeEach(async () => {
    await t.app.deps.db.delete(calendarTimetables);
  });

  it('update_scope current moves one occurrence and leaves the others', async () => {
    const id = await fresh();
    const before = await list('student', ...range);
    const res = await inject('PUT', `/api/calendar-timetables/${id}`, 'instructor', {
      ...weekly,
      course_id: w.course.id,
      start_time: '2027-01-07T14:00:00Z',
      end_time: '2027-01-07T15:00:00Z',
      update_scope: 'current',
      update_target_time: '2027-01-06T09:00:00Z',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().timetable).toMatchObject({ repeat_type: 'no_repeat', start_time: '2027-01-07T14:00:00.000Z' });
    const after = await list('student', ...range);
    expect(after).toHaveLength(before.length);
    expect(after.map((o) => o.start_time)).toEqual(
      before
        .map((o) => o.start_time)
        .map((s) => (s === '2027-01-06T09:00:00.000Z' ? '2027-01-07T14:00:00.000Z' : s))
        .sort(),
    );
  });

  it('update_scope current_and_after from the third week leaves the first two weeks unchanged', async () => {
    const id = await fresh();
    const before = await list('student', ...range);
    const res = await inject('PUT', `/api/calendar-timetables/${id}`, 'instructor', {
      ...weekly,
      course_id: w.course.id,
      start_time: '2027-01-18T13:00:00Z',
      end_time: '2027-01-18T15:00:00Z',
      location: 'Room 2',
      update_scope: 'current_and_after',
      update_target_time: '2027-01-18T09:00:00Z',
    });
    expect(res.statusCode).toBe(200);
    const after = await list('student', ...range);
    const cut = Date.parse('2027-01-18T00:00:00Z');
    expect(after.filter((o) => Date.parse(o.start_time) < cut)).toEqual(before.filter((o) => Date.parse(o.start_time) < cut));
    const later = after.filter((o) => Date.parse(o.start_time) >= cut);
    expect(later).toHaveLength(12);
    expect(later.every((o) => o.start_time.endsWith('T13:00:00.000Z') && o.location === 'Room 2')).toBe(true);
  });

  it('deletes exactly one occurrence (current), then the rest of the series (current_and_after)', async () => {
    const id = await fresh();
    const before = await list('student', ...range);
    expect(
      (await inject('PUT', `/api/calendar-timetables/${id}/delete`, 'instructor', { target_time: '2027-01-11T09:00:00Z', update_scope: 'current' })).statusCode,
    ).toBe(200);
    const after = await list('student', ...range);
    expect(after.map((o) => o.start_time)).toEqual(before.map((o) => o.start_time).filter((s) => s !== '2027-01-11T09:00:00.000Z'));
    expect(
      (await inject('PUT', `/api/calendar-timetables/${id}/delete`, 'instructor', { target_time: '2027-01-20T09:00:00Z', update_scope: 'current_and_after' }))
        .statusCode,
    ).toBe(200);
    expect((await list('student', ...range)).map((o) => o.start_time)).toEqual([
      '2027-01-04T09:00:00.000Z',
      '2027-01-06T09:00:00.000Z',
      '2027-01-13T09:00:00.000Z',
      '2027-01-18T09:00:00.000Z',
    ]);
    expect(
      (await inject('PUT', `/api/calendar-timetables/${id}/delete`, 'instructor', { target_time: '2027-01-04T09:00:00Z', update_scope: 'current_and_after' }))
        .statusCode,
    ).toBe(200);
    expect(await list('student', ...range)).toEqual([]);
  });

  it('answers 400 naming target_time / update_target_time for a time that is no occurrence, 403 for a student, 404 for an unknown series', async () => {
    const id = await fresh();
    const before = await list('student', ...range);
    const bad = await inject('PUT', `/api/calendar-timetables/${id}/delete`, 'instructor', { target_time: '2027-01-05T09:00:00Z', update_scope: 'current' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('target_time');
    const badUpdate = await inject('PUT', `/api/calendar-timetables/${id}`, 'instructor', {
      ...weekly,
      course_id: w.course.id,
      update_scope: 'current',
      update_target_time: '2027-01-05T09:00:00Z',
    });
    expect(badUpdate.json().errors).toHaveProperty('update_target_time');
    expect((await inject('PUT', `/api/calendar-timetables/${id}/delete`, 'student', { target_time: '2027-01-04T09:00:00Z' })).statusCode).toBe(403);
    expect(
      (await inject('PUT', `/api/calendar-timetables/${id}`, 'student', { ...weekly, course_id: w.course.id, update_target_time: '2027-01-04T09:00:00Z' }))
        .statusCode,
    ).toBe(403);
    expect((await inject('PUT', '/api/calendar-timetables/999999/delete', 'instructor', { target_time: '2027-01-04T09:00:00Z' })).statusCode).toBe(404);
    expect((await inject('PUT', `/api/calendar-timetables/${id}/delete`, 'foreigner', { target_time: '2027-01-04T09:00:00Z' })).statusCode).toBe(404);
    expect(await list('student', ...range)).toEqual(before);
  });
});
